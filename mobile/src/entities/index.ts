// Every entity kept on the device: its collection and the operations its outbox items may name.
// Whatever reads the outbox or syncs imports this first, so an item queued in an earlier run
// finds its operation (and every collection is synced).
import './cliente/operacoes';
import './pesquisa/operacoes';
import './carteira/operacoes';
import './produto/colecao';
import './preco/colecoes';
import './pedido/operacoes';
import './visita/operacoes';
import './visita/fotos';
import './tarefa';
import './meta/colecao';
