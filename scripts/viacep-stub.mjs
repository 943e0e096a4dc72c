#!/usr/bin/env node
// viacep-stub.mjs PORT: the loopback stand-in for the public postal-code service (ViaCEP) used by
// the end-to-end tests and benchmarks (these machines have no internet). It answers
// GET /ws/{cep}/json/ like ViaCEP: a known CEP gets its address, an unknown one {"erro": "true"},
// a malformed one 400.
import { createServer } from 'node:http';

const CEPS = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308', ddd: '11' },
  '13015100': { logradouro: 'Rua Barão de Jaguara', bairro: 'Centro', localidade: 'Campinas', uf: 'SP', ibge: '3509502', ddd: '19' },
  '30130010': { logradouro: 'Praça Sete de Setembro', bairro: 'Centro', localidade: 'Belo Horizonte', uf: 'MG', ibge: '3106200', ddd: '31' },
  '80010000': { logradouro: 'Praça Tiradentes', bairro: 'Centro', localidade: 'Curitiba', uf: 'PR', ibge: '4106902', ddd: '41' },
  '86010000': { logradouro: 'Avenida Paraná', bairro: 'Centro', localidade: 'Londrina', uf: 'PR', ibge: '4113700', ddd: '43' },
};

const port = Number(process.argv[2] || 0);
const server = createServer((req, res) => {
  const m = req.url.match(/^\/ws\/([^/]*)\/json\/?$/);
  if (!m) {
    res.writeHead(404).end();
    return;
  }
  const cep = m[1];
  if (!/^\d{8}$/.test(cep)) {
    res.writeHead(400, { 'Content-Type': 'text/html' }).end('<h1>Bad Request</h1>');
    return;
  }
  const a = CEPS[cep];
  const body = a ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', unidade: '', gia: '', siafi: '', ...a } : { erro: 'true' };
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
});
server.listen(port, '127.0.0.1', () => console.log(`viacep-stub em http://127.0.0.1:${server.address().port}`));
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.close(() => process.exit(0)));
