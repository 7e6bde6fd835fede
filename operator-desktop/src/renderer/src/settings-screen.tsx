import { useId, useState, type FormEvent } from 'react';
import { toast } from '@daily-tea/shared/ui/toaster';
import type { ConnectionCheck, OperatorBridge, Settings } from '../../ipc/contract';

type Props = { bridge: OperatorBridge; settings: Settings; onSaved: (settings: Settings) => void };

/** API base URL with a connection check, and the export folder chosen with the native dialog. */
export function SettingsScreen({ bridge, settings, onSaved }: Props) {
  const urlId = useId();
  const [url, setUrl] = useState(settings.apiBaseUrl);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [pending, setPending] = useState<'check' | 'save' | 'folder' | null>(null);

  async function runCheck() {
    setPending('check');
    setError(null);
    setCheck(null);
    const result = await bridge.checkConnection(url);
    setPending(null);
    if (result.ok) setCheck(result.data);
    else setError(result.message);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending('save');
    setError(null);
    const result = await bridge.setApiBaseUrl(url);
    setPending(null);
    if (!result.ok) return setError(result.message);
    setUrl(result.data.apiBaseUrl);
    onSaved(result.data);
    toast({
      title: 'Settings saved',
      description: `The console now uses ${result.data.apiBaseUrl}.`,
      variant: 'success',
    });
  }

  async function chooseFolder() {
    setPending('folder');
    const result = await bridge.chooseExportFolder();
    setPending(null);
    if (!result.ok)
      return toast({
        title: 'Could not change the folder',
        description: result.message,
        variant: 'destructive',
      });
    if (result.data.changed) {
      onSaved(result.data.settings);
      toast({
        title: 'Export folder changed',
        description: result.data.settings.exportFolder,
        variant: 'success',
      });
    }
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-6 py-10">
      <h1 className="text-2xl font-bold text-stone-900">Settings</h1>
      <form
        onSubmit={save}
        className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        noValidate
      >
        <div className="space-y-1">
          <h2 className="text-lg font-semibold text-stone-900">API server</h2>
          <p className="text-sm text-stone-600">
            The Daily Tea API this console manages. A local `npm start` listens on http://127.0.0.1:8787.
          </p>
        </div>
        <div className="space-y-2">
          <label htmlFor={urlId} className="block text-sm font-medium text-stone-800">
            API base URL
          </label>
          <input
            id={urlId}
            type="url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setCheck(null);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${urlId}-error` : undefined}
            className="focus:border-brand-600 focus:outline-brand-600 w-full rounded-lg border border-stone-300 px-3 py-2 text-stone-900 focus:outline-2"
          />
          {error && (
            <p id={`${urlId}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {check && (
            <p
              role="status"
              data-testid="connection-result"
              className={
                check.reachable
                  ? 'rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800'
                  : 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800'
              }
            >
              {check.message}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={runCheck}
            disabled={pending !== null || url.trim() === ''}
            className="focus-visible:outline-brand-600 rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 disabled:opacity-50"
          >
            {pending === 'check' ? 'Checking...' : 'Check connection'}
          </button>
          <button
            type="submit"
            disabled={pending !== null || url.trim() === ''}
            className="bg-brand-600 hover:bg-brand-700 focus-visible:outline-brand-600 rounded-lg px-4 py-2 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50"
          >
            {pending === 'save' ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <section
        className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
        aria-labelledby="export-folder-title"
      >
        <div className="space-y-1">
          <h2 id="export-folder-title" className="text-lg font-semibold text-stone-900">
            Export folder
          </h2>
          <p className="text-sm text-stone-600">
            Marketing PNGs are saved here as &lt;post-type&gt;-&lt;timestamp&gt;.png. Existing files are never
            replaced.
          </p>
        </div>
        <p
          className="rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm break-all text-stone-800"
          data-testid="export-folder"
        >
          {settings.exportFolder}
        </p>
        <button
          type="button"
          onClick={chooseFolder}
          disabled={pending !== null}
          className="focus-visible:outline-brand-600 rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 disabled:opacity-50"
        >
          {pending === 'folder' ? 'Choosing...' : 'Choose folder...'}
        </button>
      </section>
    </div>
  );
}
