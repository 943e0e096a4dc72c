import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { campoDoServidor, validarCliente, validarEndereco, type ValoresCliente } from './validacao';
import { novoEndereco } from './enderecos';
import { aniversarioParaApi, aniversarioParaTela, validarContato, novoContato } from './contatos';
import { csvDosClientes, nomeArquivoExportacao } from './exportar';
import { cliente } from '../../../entities/cliente/fixtures';
import { lerCsv } from '../../../lib/csv';
import { filtrarClientes as filtrarCopia, paraLocal } from '../../../entities/cliente/busca';

const base = (): ValoresCliente => ({
  tipoPessoa: 'PJ',
  documento: '11.222.333/0001-81',
  nome: 'Comércio Exemplo Ltda',
  fantasia: '',
  ie: '',
  isento: false,
  suframa: '',
  contribuinte: false,
  email: '',
  telefone: '',
  celular: '',
  segmento: '',
  status: 'ativo',
  limite: '1.500,00',
  observacoes: '',
  vendedorId: '',
  endereco: novoEndereco(true),
});

describe('customer form rules', () => {
  it('a valid PJ passes', () => {
    expect(validarCliente(base())).toEqual({});
  });

  it.each([
    ['CNPJ with a wrong check digit', { documento: '11.222.333/0001-82' }, 'documento', 'CNPJ inválido: confira os dígitos.'],
    ['alphanumeric CNPJ is valid', { documento: '12.ABC.345/01DE-35' }, 'documento', undefined],
    ['CPF for FISICA', { tipoPessoa: 'FISICA', documento: '529.982.247-25' }, 'documento', undefined],
    ['invalid CPF', { tipoPessoa: 'FISICA', documento: '529.982.247-24' }, 'documento', 'CPF inválido: confira os dígitos.'],
    ['a CNPJ for FISICA says what to do (never cut to 11 digits)', { tipoPessoa: 'FISICA', documento: '11222333000181' }, 'documento', 'Isto é um CNPJ: escolha Pessoa jurídica em Tipo de pessoa.'],
    ['a CPF for PJ says what to do', { documento: '529.982.247-25' }, 'documento', 'Isto é um CPF: escolha Pessoa física em Tipo de pessoa.'],
    ['no document', { documento: '' }, 'documento', 'Informe o CPF ou CNPJ.'],
    ['no razão social', { nome: ' ' }, 'nome', 'Informe a razão social.'],
    ['no name (FISICA)', { tipoPessoa: 'FISICA', documento: '52998224725', nome: '' }, 'nome', 'Informe o nome.'],
    ['bad e-mail', { email: 'a@b' }, 'email', 'E-mail inválido.'],
    ['phone of 8 digits (the server accepts 8 to 13)', { telefone: '3234-5678' }, 'telefone', undefined],
    ['phone too short', { telefone: '3234-567' }, 'telefone', 'Número de telefone inválido'],
    ['mobile ok', { celular: '(11) 91234-5678' }, 'celular', undefined],
    ['IE with letters is refused, not stripped', { ie: 'ABC123' }, 'ie', 'Inscrição estadual inválida: use só números (com . - /) ou ISENTO.'],
    ['an MG IE (SINTEGRA MG) on an SP address', { ie: '062.307.904/0081', endereco: { ...novoEndereco(true), cidade: 'São Paulo', uf: 'SP' } }, 'ie', 'Inscrição estadual inválida para SP.'],
    ['an MG IE on an MG address', { ie: '062.307.904/0081', endereco: { ...novoEndereco(true), cidade: 'Belo Horizonte', uf: 'mg' } }, 'ie', undefined],
    ['an SP producer IE (SINTEGRA SP) on an SP address', { ie: 'P-01100424.3/002', endereco: { ...novoEndereco(true), cidade: 'São Paulo', uf: 'SP' } }, 'ie', undefined],
    ['an IE with a wrong check digit, no address yet', { ie: '110.042.490.115' }, 'ie', 'Inscrição estadual inválida: confira os dígitos.'],
    ['a CNPJ with = inside is refused, not cleaned', { documento: '11.222.333/0001=81' }, 'documento', "Documento inválido: o caractere '=' não é aceito (use números, letras, . - / e espaços)."],
    ['a CNPJ with _ inside is refused, not cleaned', { documento: '11_222_333_0001_81' }, 'documento', "Documento inválido: o caractere '_' não é aceito (use números, letras, . - / e espaços)."],
    ['editing: an IE stored before these rules, unchanged, is not refused', { ie: '692.015.742-110', ieGuardada: { ie: '692015742110', uf: 'SP' }, endereco: { ...novoEndereco(true), cidade: 'São Paulo', uf: 'SP' } }, 'ie', undefined],
    ['editing: that IE on a move to MG is checked', { ie: '692015742110', ieGuardada: { ie: '692015742110', uf: 'SP' }, endereco: { ...novoEndereco(true), cidade: 'Belo Horizonte', uf: 'MG' } }, 'ie', 'Inscrição estadual inválida para MG.'],
    ['editing: another invalid IE is checked', { ie: '692015742111', ieGuardada: { ie: '692015742110', uf: 'SP' }, endereco: { ...novoEndereco(true), cidade: 'São Paulo', uf: 'SP' } }, 'ie', 'Inscrição estadual inválida para SP.'],
    ['CPF 123.456.789-09 has right check digits (the server takes it)', { tipoPessoa: 'FISICA', documento: '123.456.789-09' }, 'documento', undefined],
    ['IE isento', { ie: '', isento: true }, 'ie', undefined],
    ['Suframa with its punctuation', { suframa: '21.0140.267' }, 'suframa', undefined],
    ['Suframa with a wrong check digit', { suframa: '21.0140.268' }, 'suframa', 'Inscrição Suframa inválida: confira os dígitos.'],
    ['Suframa too short', { suframa: '2101402' }, 'suframa', 'Inscrição Suframa deve ter 9 dígitos.'],
    ['credit limit not a number', { limite: '1,2,3' }, 'limite', 'Valor inválido: use só números, como 1.234,56.'],
    ['credit limit with letters', { limite: 'abc' }, 'limite', 'Valor inválido: use só números, como 1.234,56.'],
    ['negative credit limit is refused, not made positive', { limite: '-100' }, 'limite', 'O limite de crédito não pode ser negativo.'],
    ['credit limit beyond the maximum', { limite: '1.000.000.000,00' }, 'limite', 'O limite de crédito pode ser de até R$ 999.999.999,99.'],
    ['10,000 characters of observations', { observacoes: 'x'.repeat(10_000) }, 'observacoes', 'Observações: no máximo 2000 caracteres (tem 10000).'],
    ['a name past the limit', { nome: 'n'.repeat(151) }, 'nome', 'Nome: no máximo 150 caracteres (tem 151).'],
  ] as const)('%s', (_n, patch, campo, msg) => {
    expect(validarCliente({ ...base(), ...patch } as ValoresCliente)[campo]).toBe(msg);
  });

  it('the inline address is optional, but once started needs what the server needs (city and UF, or the IBGE code)', () => {
    const e = { ...novoEndereco(true), cep: '01310-10' };
    expect(validarEndereco(e, false)).toEqual({
      cep: 'CEP deve ter 8 dígitos',
      cidade: 'Informe a cidade e a UF (ou o CEP).',
    });
    expect(validarEndereco({ ...novoEndereco(true), cidade: 'Campinas', uf: 'SP' }, false)).toEqual({});
    expect(validarEndereco(novoEndereco(true), false)).toEqual({});
    expect(validarCliente({ ...base(), endereco: e })['endereco.cidade']).toBe('Informe a cidade e a UF (ou o CEP).');
  });

  it('server field paths map to the form fields', () => {
    expect(campoDoServidor('enderecos[0].cep')).toBe('endereco.cep');
    expect(campoDoServidor('nome_fantasia')).toBe('fantasia');
    expect(campoDoServidor('limite_credito_centavos')).toBe('limite');
    expect(campoDoServidor('documento')).toBe('documento');
  });
});

describe('contact rules', () => {
  it.each([
    ['25/12', '12-25'],
    ['29/02', '02-29'],
    ['01/02/1980', '1980-02-01'],
    ['', ''],
    ['31/02', null],
    ['12/13', null],
    ['1/2', null],
  ])('birthday %s → %s', (input, expected) => {
    expect(aniversarioParaApi(input)).toBe(expected);
  });
  it('birthday back to the screen', () => {
    expect(aniversarioParaTela('12-25')).toBe('25/12');
    expect(aniversarioParaTela('1980-02-01')).toBe('01/02/1980');
  });
  it("name is required; phones as the server takes them (8 to 13 digits); the server's limits", () => {
    expect(validarContato({ ...novoContato(true), celular: '91234' })).toEqual({ nome: 'Informe o nome do contato.', celular: 'Número de telefone inválido' });
    expect(validarContato({ ...novoContato(true), nome: 'Ana', telefone: '3234-5678' })).toEqual({});
    expect(validarContato({ ...novoContato(true), nome: 'a'.repeat(151), cargo: 'c'.repeat(81) })).toEqual({
      nome: 'Nome do contato: no máximo 150 caracteres (tem 151).',
      cargo: 'Cargo: no máximo 80 caracteres (tem 81).',
    });
  });
});

describe('CSV export of the list', () => {
  it('formatted document and phones, status in pt-BR, the seller by name, BOM and ";"', () => {
    const csv = csvDosClientes(
      [cliente({ id: '1', nome: 'Padaria; São João', documento: '11222333000181', telefone: '1132345678', celular: '', status: 'bloqueado', vendedor_id: 'v1', limite_credito_centavos: '150000', cidade: 'São Paulo', uf: 'SP' })],
      (id) => (id === 'v1' ? 'Ana Vendedora' : id),
    );
    expect(csv.startsWith('\ufeffNome / Razão social;Nome fantasia;Tipo;CPF/CNPJ;')).toBe(true);
    const [, linha] = lerCsv(csv).map((r) => r.campos);
    expect(linha).toEqual([
      'Padaria; São João',
      '',
      'Pessoa jurídica',
      '11.222.333/0001-81',
      '',
      'Bloqueado',
      '(11) 3234-5678',
      '',
      '',
      '',
      'São Paulo',
      'SP',
      'Ana Vendedora',
      'R$\u00a01.500,00',
    ]);
  });
  it('file name clientes-YYYY-MM-DD.csv (Brazil date)', () => {
    expect(nomeArquivoExportacao(new Date('2026-03-02T02:00:00Z'))).toBe('clientes-2026-03-01.csv');
  });
});

const end = (cidade: string, ibge: string) => ({ id: 'e', tipo: 'COBRANCA', principal: true, cep: '', logradouro: '', numero: '', complemento: '', bairro: '', cidade, uf: '', ibge });

describe('list filters on the device copy (offline)', () => {
  const copia = [
    cliente({ id: '1', nome: 'A', vendedor_id: 'v1', status: 'ativo', regiao_id: 'r1', enderecos: [end('São Paulo', '3550308')] }),
    cliente({ id: '2', nome: 'B', vendedor_id: 'v2', status: 'bloqueado', regiao_id: 'r2', enderecos: [end('Campinas', '3509502')] }),
    cliente({ id: '3', nome: 'C', vendedor_id: 'v1', status: 'inativo', regiao_id: '', enderecos: [end('São José dos Campos', '3549904')] }),
  ].map(paraLocal);
  const f = { vendedor: '', status: '', regiao: '', cidade: '' };
  it.each([
    ['everything', {}, ['1', '2', '3']],
    ['seller', { vendedor: 'v1' }, ['1', '3']],
    ['status', { status: 'bloqueado' }, ['2']],
    ['region', { regiao: 'r1' }, ['1']],
    ['city by name, accent-less, whole name (as the server)', { cidade: 'sao jose dos campos' }, ['3']],
    ['part of a city name is not a city', { cidade: 'sao' }, []],
    ['city by IBGE code', { cidade: '3509502' }, ['2']],
    ['combined', { vendedor: 'v1', cidade: 'São Paulo' }, ['1']],
  ])('%s', (_n, p, ids) => {
    expect(filtrarCopia(copia, { ...f, ...p }).map((c) => c.id)).toEqual(ids);
  });
});

describe('the address form refuses what the server refuses (contracts/clientes-validacao.json, enderecos)', () => {
  // The server runs the same cases (services/customer/internal/domain/validacao_contrato_test.go).
  const contrato = JSON.parse(readFileSync(path.resolve(process.cwd(), '../contracts/clientes-validacao.json'), 'utf8')) as {
    enderecos: { nome: string; endereco: Record<string, string>; erros: Record<string, string> }[];
  };
  it('has cases', () => expect(contrato.enderecos.length).toBeGreaterThan(0));
  it.each(contrato.enderecos.map((k) => [k.nome, k] as const))('%s', (_n, k) => {
    const erros = validarEndereco({ ...novoEndereco(true), ...k.endereco }, true);
    expect(Object.keys(erros).sort()).toEqual(Object.keys(k.erros).sort());
    for (const [campo, msg] of Object.entries(k.erros)) if (msg) expect(erros[campo as keyof typeof erros], campo).toBe(msg);
  });
});
