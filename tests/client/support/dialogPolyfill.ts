/**
 * jsdom has HTMLDialogElement without showModal/close. This adds the part the portal relies on: `open`, the
 * close event, and Esc firing a cancelable `cancel` that closes unless prevented. Focus, inertness and the
 * top layer are proven in Chromium by the e2e suite.
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;

  const onKeyDown = function (this: HTMLDialogElement, event: KeyboardEvent) {
    if (event.key !== 'Escape' || !this.open) return;
    event.stopPropagation();
    const cancel = new Event('cancel', { cancelable: true });
    if (this.dispatchEvent(cancel)) this.close();
  };
  const listening = new WeakSet<HTMLDialogElement>();

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    this.dataset.modal = 'true';
    if (!listening.has(this)) {
      this.addEventListener('keydown', onKeyDown);
      listening.add(this);
    }
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    delete this.dataset.modal;
    this.dispatchEvent(new Event('close'));
  };
}
