import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseOutlined } from './icons';

/**
 * A panel sliding in from the right over a dimmed page (the phone menu): Escape, the close
 * button or a tap on the page closes it; focus moves into it and back to where it was, and
 * the page behind does not scroll.
 */
export function SideDrawer({ open, onClose, title, label, className, children }: { open: boolean; onClose: () => void; title: ReactNode; label: string; className?: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  // the latest onClose, without re-running the open/close effect for each new function
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={className ? `side-drawer ${className}` : 'side-drawer'}>
      <div className="side-drawer-mask" onClick={onClose} aria-hidden="true" />
      <div className="side-drawer-panel" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} ref={panel}>
        <div className="side-drawer-header">
          <button type="button" className="side-drawer-close" aria-label="关闭" onClick={onClose}>
            <CloseOutlined />
          </button>
          <div className="side-drawer-title">{title}</div>
        </div>
        <div className="side-drawer-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
