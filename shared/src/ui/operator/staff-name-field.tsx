import { useId } from 'react';

/**
 * The staff member's name on the /admin and /marketing gates (product.md#operators, ADR 0302). The gates keep product.md#screens's
 * look — one password field and its button — until "Sign in with a staff account" (below the button) is chosen;
 * the name field then appears above the password and takes the focus. Without a name the password is the
 * owner's role password, as before.
 */
export function StaffNameField(props: {
  name: string;
  onNameChange: (name: string) => void;
  onClose: () => void;
  inputClassName: string;
  labelClassName: string;
}) {
  const fieldId = useId();
  return (
    <div className="mt-6">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={fieldId} className={props.labelClassName}>
          Staff name
        </label>
        <button
          type="button"
          onClick={() => {
            props.onNameChange('');
            props.onClose();
          }}
          className="focus-visible:outline-brand-600 -my-3 min-h-11 rounded-md px-2 text-xs font-medium text-slate-700 hover:underline focus-visible:outline-2"
        >
          Use the owner password
        </button>
      </div>
      <input
        id={fieldId}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        value={props.name}
        onChange={(e) => props.onNameChange(e.target.value)}
        placeholder="Your staff name"
        className={props.inputClassName}
      />
    </div>
  );
}

/** "Sign in with a staff account": shows the name field (placed below the gate's button, SPEC's look kept). */
export function StaffSignInToggle({ onOpen }: { onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="focus-visible:outline-brand-600 mt-1 w-full rounded-lg py-2 text-sm font-medium text-slate-700 hover:underline focus-visible:outline-2"
    >
      Sign in with a staff account
    </button>
  );
}
