import { useEffect, useState, type ComponentType } from 'react';
import type { HeaderMenuProps } from './header-menu';
import { MenuIcon } from './menu-icon';

/** How long after the header appears the menu's code is fetched anyway, when nothing asked for it sooner. */
const IDLE_LOAD_MS = 4000;

type Props = Omit<HeaderMenuProps, 'focusOnMount' | 'openOnMount'>;

/**
 * The phone header's menu button (docs/decisions/0282-phone-header-menu.md). The menu (Headless UI, its own chunk)
 * is fetched when the player reaches for the button — keyboard focus or a tap — or a few seconds after the first
 * paint, so it never competes with the screen's own first requests. Until then this button stands in for it: a
 * tap or Enter on it opens the menu as soon as it arrives, and the focus moves to it.
 */
export function PhoneMenu(props: Props) {
  const [Menu, setMenu] = useState<ComponentType<HeaderMenuProps> | null>(null);
  const [intent, setIntent] = useState({ focus: false, open: false });
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWanted(true), IDLE_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import('./header-menu').then((m) => live && setMenu(() => m.default));
    return () => {
      live = false;
    };
  }, [wanted]);
  if (Menu) return <Menu {...props} focusOnMount={intent.focus} openOnMount={intent.open} />;
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className="grid size-11 shrink-0 place-items-center rounded-full text-stone-700 hover:bg-stone-100"
      data-testid="header-menu"
      onFocus={() => {
        setIntent((i) => ({ ...i, focus: true }));
        setWanted(true);
      }}
      onClick={() => {
        setIntent({ focus: true, open: true });
        setWanted(true);
      }}
    >
      <MenuIcon />
      <span className="sr-only">Menu</span>
    </button>
  );
}
