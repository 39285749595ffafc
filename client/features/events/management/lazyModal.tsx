import { lazy, type ComponentType } from 'react';
import { Modal } from '../../../app/Modal.tsx';

interface ClosableProps {
  onClose: () => void;
}

/** Shown instead of a form whose code could not be downloaded (offline, or a new version was deployed). */
function ModalLoadFailed({ onClose }: ClosableProps) {
  return (
    <Modal
      title="Não foi possível abrir"
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          Fechar
        </button>
      }
    >
      <p role="alert">Não foi possível carregar o formulário. Verifique a conexão e recarregue a página.</p>
    </Modal>
  );
}

/**
 * A form modal in its own chunk, downloaded on first use (`preload` starts it early, e.g. on hover), so the
 * first screen of the portal does not carry the leaders' forms.
 */
export function lazyModal<P extends ClosableProps>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().catch(() => ModalLoadFailed as ComponentType<P>));
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload };
}
