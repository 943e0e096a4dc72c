package app

// What the external tests (package app_test, which may import the adapters) reach.
var (
	GravarPedidoNovo     = (*Service).gravarPedidoNovo
	EsperaNumero         = &esperaNumero
	OrfaoApos            = &orfaoApos
	GravarClientePedidos = (*Service).gravarClientePedidos
)

// AplicarResumos is (*Service).aplicarResumos.
var AplicarResumos = (*Service).aplicarResumos

// VersaoResumos is the version of the set of summaries a store's mark records.
const VersaoResumos = versaoResumos
