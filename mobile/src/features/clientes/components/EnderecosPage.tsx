import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { IonButton, IonSpinner } from '@ionic/react';
import { EditorSubitens } from '../../../components/form/EditorSubitens';
import { aplicarErrosDoServidor, irParaPrimeiroErro } from '../../../components/form/erros';
import { resolverDe } from '../../../components/form/resolver';
import { IonText } from '../../../components/ionic/IonText';
import { Page } from '../../../components/ui/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { useToast } from '../../../components/ui/useToast';
import { useRemoverEndereco, useSalvarEndereco } from '../api/gravar';
import { mensagemDoEnvio } from '../../../components/sync/mensagemDoEnvio';
import { mensagemDeErro } from '../../../lib/api/client';
import type { Cliente } from '../../../lib/api/types';
import { linhaEndereco, rotuloTipoEndereco } from '../../../entities/cliente/status';
import { linkCoordenadas, linkMapa } from '../../../lib/format/maps';
import { obterPosicao } from '../../../lib/geo';
import { CamposEndereco } from './CamposEndereco';
import { ClienteDoParam } from './ClienteDoParam';
import { doEndereco, novoEndereco, paraEndereco } from '../utils/enderecos';
import { campoDoEndereco, validarEndereco, type Erros, type ValoresEndereco } from '../utils/validacao';


/** The address form's schema: the server's address rules (validarEndereco) at the form's fields. */
const esquemaEndereco = z.custom<{ endereco: ValoresEndereco }>().check(
  z.superRefine((v, ctx) => {
    for (const [campo, message] of Object.entries(validarEndereco(v.endereco, true))) ctx.addIssue({ code: 'custom', path: ['endereco', campo], message });
  }),
);

function Formulario({ cliente, inicial, onFim }: { cliente: Cliente; inicial: ValoresEndereco; onFim: () => void }) {
  const toast = useToast();
  const form = useForm<{ endereco: ValoresEndereco }>({ defaultValues: { endereco: inicial }, resolver: resolverDe(esquemaEndereco), mode: 'onTouched' });
  const v = form.watch('endereco');
  const setV = (f: (o: ValoresEndereco) => ValoresEndereco) => form.setValue('endereco', f(form.getValues('endereco')), { shouldDirty: true });
  const [erro, setErro] = useState('');
  const [localizando, setLocalizando] = useState(false);
  const novo = !cliente.enderecos.some((e) => e.id === inicial.id);
  const errosForm = form.formState.errors.endereco as Record<string, { message?: string }> | undefined;
  const erros: Erros = Object.fromEntries(Object.entries(errosForm ?? {}).map(([k, e]) => [k, e?.message ?? '']));

  const salvar = useSalvarEndereco({
    onSuccess: (r) => {
      toast(...mensagemDoEnvio(r, novo ? 'Endereço incluído.' : 'Endereço salvo.'));
      onFim();
    },
    onError: (err) => {
      setErro(aplicarErrosDoServidor(err, form.setError, (k) => `endereco.${campoDoEndereco(k)}`));
      irParaPrimeiroErro();
    },
  });

  const enviar = form.handleSubmit(
    (val) => {
      setErro('');
      salvar.mutate({ clienteId: cliente.id, endereco: paraEndereco(val.endereco), nomeCliente: cliente.nome });
    },
    () => {
      setErro('Confira os campos destacados.');
      irParaPrimeiroErro();
    },
  );

  async function usarLocalizacao() {
    setLocalizando(true);
    const p = await obterPosicao(10_000);
    setLocalizando(false);
    if (!p) {
      toast('Não foi possível obter a localização. Verifique a permissão do aparelho.', { duration: 4000, position: 'bottom', color: 'warning' });
      return;
    }
    setV((o) => ({ ...o, latitude: Number(p.latitude.toFixed(6)), longitude: Number(p.longitude.toFixed(6)) }));
  }

  return (
    <form className="cartao form-stack" onSubmit={(e) => void enviar(e)} noValidate data-testid="form-endereco">
      <h3 style={{ margin: 0 }}>{novo ? 'Novo endereço' : 'Editar endereço'}</h3>
      <Controller
        control={form.control}
        name="endereco"
        render={({ field }) => <CamposEndereco valor={field.value} onChange={field.onChange} erros={erros} comTipo />}
      />
      <label className="check-field">
        <input type="checkbox" name="principal" checked={v.principal} onChange={(e) => setV((o) => ({ ...o, principal: e.target.checked }))} />
        Endereço principal (define a cidade e a região do cliente)
      </label>
      <div>
        <IonButton type="button" fill="outline" size="small" onClick={() => void usarLocalizacao()} disabled={localizando}>
          {localizando ? <IonSpinner name="dots" /> : 'Usar minha localização'}
        </IonButton>
        {v.latitude !== null && v.longitude !== null ? (
          <span className="muted" style={{ fontSize: '0.85rem' }} data-testid="posicao-endereco">
            {' '}
            Posição marcada ·{' '}
            <a href={linkCoordenadas(v.latitude, v.longitude) ?? undefined} target="_blank" rel="noopener noreferrer">
              Ver no mapa
            </a>{' '}
            <button type="button" className="chip" onClick={() => setV((o) => ({ ...o, latitude: null, longitude: null }))}>
              Limpar
            </button>
          </span>
        ) : null}
      </div>
      {erro ? (
        <IonText color="danger" role="alert">
          <p>{erro}</p>
        </IonText>
      ) : null}
      <div className="row-2">
        <IonButton type="button" fill="outline" onClick={onFim}>
          Cancelar
        </IonButton>
        <IonButton type="submit" disabled={salvar.isPending}>
          {salvar.isPending ? <IonSpinner name="dots" /> : 'Salvar endereço'}
        </IonButton>
      </div>
    </form>
  );
}

function Enderecos({ c }: { c: Cliente }) {
  const id = c.id;
  const toast = useToast();
  const remover = useRemoverEndereco({
    onSuccess: (r) => toast(...mensagemDoEnvio(r, 'Endereço removido.')),
    onError: (err) => toast(mensagemDeErro(err), { duration: 4000, position: 'bottom', color: 'danger' }),
  });
  return (
    <EditorSubitens
      itens={c.enderecos}
      testId="lista-enderecos"
      vazio="Nenhum endereço cadastrado."
      rotuloIncluir="Incluir endereço"
      titulo={(e) => rotuloTipoEndereco(e.tipo)}
      detalhe={(e) => (
        <>
          <p style={{ margin: '4px 0' }}>
            {linhaEndereco(e)}
            {e.cep ? ` · CEP ${e.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : ''}
          </p>
          {linkCoordenadas(e.latitude, e.longitude) ? (
            <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
              Posição marcada ·{' '}
              <a href={linkCoordenadas(e.latitude, e.longitude)!} target="_blank" rel="noopener noreferrer">
                ver a posição no mapa
              </a>
            </p>
          ) : null}
        </>
      )}
      acoes={(e) => (
        <a href={linkMapa(`${linhaEndereco(e)} ${e.cep}`)} target="_blank" rel="noopener noreferrer">
          Ver no mapa
        </a>
      )}
      confirmarRemocao={(e) => ({ header: 'Remover endereço', message: `Remover o endereço ${linhaEndereco(e)}?` })}
      onRemover={(e) => remover.mutate({ clienteId: id, id: e.id, nomeCliente: c.nome })}
      removendo={remover.isPending}
      novo={novoEndereco}
      deItem={doEndereco}
      formulario={({ inicial, onFim }) => <Formulario cliente={c} inicial={inicial} onFim={onFim} />}
    />
  );
}

export default function EnderecosPage() {
  return (
    <QueryBoundary>
      <Page title="Endereços" backHref="/crm-clientes">
        <ClienteDoParam>{(c) => <Enderecos c={c} />}</ClienteDoParam>
      </Page>
    </QueryBoundary>
  );
}
