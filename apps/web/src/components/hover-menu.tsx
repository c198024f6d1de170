import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface MenuItem {
  key: string;
  icon?: ReactNode;
  label: string;
}

interface TriggerProps {
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * A small menu under a trigger that opens on hover or click (the header's member menu), with
 * the keyboard handled as a menu button: arrows move, Escape closes and returns to the trigger.
 */
export function HoverMenu({ items, onPick, children }: { items: MenuItem[]; onPick: (key: string) => void; children: (props: TriggerProps) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  // a short delay each way, so passing over the trigger or crossing to the menu does not flicker it
  const later = (next: boolean, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(next), ms);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const itemsOf = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = itemsOf();
    all[(index + all.length) % all.length]?.focus();
  };
  const closeToTrigger = () => {
    setOpen(false);
    root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  };

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const index = itemsOf().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') closeToTrigger();
    else return;
    event.preventDefault();
  };

  return (
    <div className="hover-menu" ref={root} onMouseEnter={() => later(true, 150)} onMouseLeave={() => later(false, 100)}>
      {children({ 'aria-haspopup': 'menu', 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((was) => !was), onKeyDown: onTriggerKey })}
      {open ? (
        <ul className="hover-menu-panel" role="menu" id={id} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  onPick(item.key);
                }}
              >
                {item.icon}
                <span>{item.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
