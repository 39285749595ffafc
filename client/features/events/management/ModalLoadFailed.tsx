import { Modal } from '../../../kit/Modal.tsx';

export interface ModalLoadFailedProps {
  onClose: () => void;
}

/** Shown instead of a form whose code could not be downloaded (offline, or a new version was deployed). */
export function ModalLoadFailed({ onClose }: ModalLoadFailedProps) {
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
