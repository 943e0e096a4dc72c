package app

// What the external tests (package app_test, which may import the adapters) reach: the reads
// and writes of colecoes.go.
var (
	VersaoStored  = (*Service).versao
	SaveVersao    = (*Service).saveVersao
	ListAcessos   = (*Service).listAcessos
	EnsureEmpresa = (*Service).ensureEmpresa
)

// AcessoFilter is acessoFilter.
type AcessoFilter = acessoFilter
