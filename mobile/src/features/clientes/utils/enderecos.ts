import type { EnderecoCliente } from '../../../lib/api/types';
import { novoId } from '../../../lib/uuid';
import type { ValoresEndereco } from './validacao';

export function novoEndereco(principal: boolean): ValoresEndereco {
  return {
    id: novoId(),
    tipo: 'COBRANCA',
    principal,
    cep: '',
    logradouro: '',
    numero: '',
    complemento: '',
    bairro: '',
    cidade: '',
    uf: '',
    ibge: '',
    latitude: null,
    longitude: null,
  };
}

export function doEndereco(e: EnderecoCliente): ValoresEndereco {
  const cep = e.cep.replace(/\D/g, '');
  return {
    id: e.id,
    tipo: e.tipo || 'COBRANCA',
    principal: e.principal,
    cep: cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep,
    logradouro: e.logradouro,
    numero: e.numero,
    complemento: e.complemento,
    bairro: e.bairro,
    cidade: e.cidade,
    uf: e.uf,
    ibge: e.ibge,
    latitude: e.latitude ?? null,
    longitude: e.longitude ?? null,
  };
}

export function paraEndereco(v: ValoresEndereco): EnderecoCliente {
  const e: EnderecoCliente = {
    id: v.id,
    tipo: v.tipo,
    principal: v.principal,
    cep: v.cep.replace(/\D/g, ''),
    logradouro: v.logradouro.trim(),
    numero: v.numero.trim(),
    complemento: v.complemento.trim(),
    bairro: v.bairro.trim(),
    cidade: v.cidade.trim(),
    uf: v.uf.trim().toUpperCase(),
    ibge: v.ibge.trim(),
  };
  if (v.latitude !== null && v.longitude !== null) {
    e.latitude = v.latitude;
    e.longitude = v.longitude;
  }
  return e;
}

export function mesmoEndereco(a: ValoresEndereco, b: ValoresEndereco): boolean {
  return JSON.stringify(paraEndereco(a)) === JSON.stringify(paraEndereco(b));
}
