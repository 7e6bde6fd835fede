import { useEffect, useRef } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { MenuIcon } from './menu-icon';

const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-stone-800 data-focus:bg-stone-100 data-disabled:opacity-60';

export type HeaderMenuProps = {
  onHowToPlay: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  /** The stand-in button had the focus (phone-menu.tsx): it moves to this one. */
  focusOnMount: boolean;
  /** The stand-in was tapped, or Enter pressed on it, before this code arrived: open. */
  openOnMount: boolean;
};

/**
 * The phone header's menu (docs/decisions/0282-phone-header-menu.md): Friends, how to play and Logout, so the
 * player's name, place and streak keep the width of a 390 px screen. Its own lazy chunk, fetched by phone-menu.tsx:
 * Headless UI stays out of the first load, and wide screens (which show these inline) never download it.
 */
export default function HeaderMenu({
  onHowToPlay,
  onLogout,
  loggingOut,
  focusOnMount,
  openOnMount,
}: HeaderMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount || openOnMount) button.current?.focus();
  }, [focusOnMount, openOnMount]);
  useEffect(() => {
    if (!openOnMount) return;
    // Opened as Enter opens it (the first row focused), once the menu's first render has settled.
    const timer = setTimeout(() =>
      button.current?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
    );
    return () => clearTimeout(timer);
  }, [openOnMount]);
  return (
    <Menu as="div" className="relative shrink-0">
      <MenuButton
        ref={button}
        className="focus-visible:outline-brand-600 grid size-11 place-items-center rounded-full text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 data-open:bg-stone-100"
        data-testid="header-menu"
      >
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </MenuButton>
      <MenuItems
        modal={false}
        className="absolute right-0 z-30 mt-2 w-56 origin-top-right rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-stone-200 focus:outline-none"
      >
        <MenuItem>
          <Link to={paths.friends} className={ITEM}>
            <span aria-hidden="true" className="w-5 text-center">
              👥
            </span>
            Friends
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={onHowToPlay} className={ITEM}>
            <span aria-hidden="true" className="w-5 text-center font-bold">
              ?
            </span>
            How to play
          </button>
        </MenuItem>
        <MenuItem disabled={loggingOut}>
          <button type="button" onClick={onLogout} className={ITEM}>
            <span aria-hidden="true" className="w-5 text-center">
              ↪
            </span>
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
