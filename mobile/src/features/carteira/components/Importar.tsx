import { ImportarCsv } from '../../../components/importacao/ImportarCsv';
import type { ImportarPedaco } from '../../../lib/importacao';
import { importarNoServidor, useAposImportar } from '../api/carteira';
import { IMPORTACAO_CLIENTES } from '../utils/importacao';

/** ADMIN: imports customers from a CSV file (the shared import, declared for customers). */
export function Importar({ importar = importarNoServidor }: { importar?: ImportarPedaco }) {
  const aposImportar = useAposImportar();
  return <ImportarCsv declaracao={IMPORTACAO_CLIENTES} importar={importar} aoConcluir={aposImportar} />;
}
