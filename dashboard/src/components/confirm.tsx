/**
 * A confirmation as a modal <dialog>: focus moves into it, Escape cancels, and the destructive
 * button is not the default one (Enter on the dialog does not confirm by accident).
 */
import { useEffect, useRef } from 'preact/hooks';

export interface ConfirmProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

export function Confirm({ title, message, confirmLabel, onConfirm, onCancel }: ConfirmProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
    cancel.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      class="confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-message">{message}</p>
      <div class="actions">
        <button type="button" ref={cancel} onClick={onCancel}>
          Keep it
        </button>
        <button type="button" class="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
