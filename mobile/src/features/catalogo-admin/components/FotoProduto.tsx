import { useRef, useState } from 'react';
import { IonSpinner } from '@ionic/react';
import { useConfirm } from '../../../components/ui/useConfirm';
import { useToast } from '../../../components/ui/useToast';
import { useFotoProduto } from '../../../entities/produto/foto';
import { errosDeCampo, mensagemDeErro, Motivo, temMotivo } from '../../../lib/api/client';
import type { Produto } from '../../../lib/api/types';
import { useDefinirFoto, useRemoverFoto } from '../api/produtos';
import { ImagemInvalida, prepararFoto } from '../utils/foto';

const MSG_VERSAO = 'O produto foi alterado por outra pessoa. Recarregue o produto e escolha a foto de novo.';

/**
 * The product's photo: shown from the API (with the operator's token, cached by foto_versao),
 * chosen from the phone's camera or gallery (shrunk on the device), replaced or removed.
 * `aoMudar` gets the product the server answers (new foto_versao and versao).
 */
export function FotoProduto({ produto, aoMudar }: { produto: Produto; aoMudar: (p: Produto) => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const arquivo = useRef<HTMLInputElement>(null);
  const url = useFotoProduto(produto, 'grande');
  const [previa, setPrevia] = useState<string | null>(null);
  const [preparando, setPreparando] = useState(false);
  const [erro, setErro] = useState('');
  const falhou = (err: unknown) => {
    setPrevia(null);
    setErro(temMotivo(err, Motivo.VersaoDesatualizada) ? MSG_VERSAO : Object.values(errosDeCampo(err))[0] || mensagemDeErro(err));
  };
  const definir = useDefinirFoto({
    onSuccess: (p) => {
      setPrevia(null);
      aoMudar(p);
      toast('Foto salva.', { duration: 2500, position: 'bottom', color: 'success' });
    },
    onError: falhou,
  });
  const remover = useRemoverFoto({
    onSuccess: (p) => {
      aoMudar(p);
      toast('Foto removida.', { duration: 2500, position: 'bottom' });
    },
    onError: falhou,
  });
  const ocupado = preparando || definir.isPending || remover.isPending;

  async function escolher(f: File | undefined) {
    if (!f) return;
    setErro('');
    setPreparando(true);
    try {
      const foto = await prepararFoto(f);
      setPrevia(foto.dataUrl);
      definir.mutate({ produto, imagem: foto.dataUrl });
    } catch (err) {
      setErro(err instanceof ImagemInvalida ? err.message : mensagemDeErro(err));
    } finally {
      setPreparando(false);
    }
  }

  const mostrada = previa ?? url;
  const tem = Boolean(produto.foto_versao);
  return (
    <div className="catalogo-linha" style={{ alignItems: 'flex-start', justifyContent: 'flex-start', gap: 16 }} data-testid="foto-produto">
      {mostrada ? (
        <img className="catalogo-foto" src={mostrada} alt={`Foto de ${produto.descricao}`} data-testid="foto" />
      ) : (
        <div className="catalogo-foto catalogo-foto-vazia">
          {tem ? <IonSpinner name="dots" /> : 'Sem foto'}
        </div>
      )}
      <div className="form-stack" style={{ gap: 8 }}>
        <div className="acoes" style={{ marginTop: 0 }}>
          <button type="button" onClick={() => arquivo.current?.click()} disabled={ocupado}>
            {tem ? 'Trocar foto' : 'Escolher foto'}
          </button>
          {tem ? (
            <button
              type="button"
              className="perigo"
              disabled={ocupado}
              onClick={() => void confirm({ header: 'Remover foto', message: `Remover a foto de ${produto.descricao}?` }).then((ok) => ok && remover.mutate(produto))}
            >
              Remover foto
            </button>
          ) : null}
        </div>
        {ocupado ? (
          <p className="muted" role="status" style={{ margin: 0 }}>
            {preparando ? 'Preparando a foto…' : definir.isPending ? 'Enviando a foto…' : 'Removendo…'}
          </p>
        ) : (
          <small className="muted">JPEG, PNG ou WebP. Fotos grandes são reduzidas no aparelho antes de enviar.</small>
        )}
        {erro ? (
          <p className="field-error" role="alert" style={{ margin: 0 }}>
            {erro}
          </p>
        ) : null}
      </div>
      <input
        ref={arquivo}
        type="file"
        name="foto"
        accept="image/jpeg,image/png,image/webp,image/*"
        hidden
        onChange={(e) => {
          void escolher(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
