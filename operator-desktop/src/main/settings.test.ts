import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createSettingsStore, DEFAULT_API_BASE_URL, defaultSettings, SETTINGS_FILE_NAME } from './settings';
import { makeTempDir } from './main.test-kit';

describe('settings', () => {
  it('defaults to the local API and <Pictures>/Daily Tea Marketing', () => {
    expect(defaultSettings('/home/op/Pictures')).toEqual({
      apiBaseUrl: 'http://127.0.0.1:8787',
      exportFolder: join('/home/op/Pictures', 'Daily Tea Marketing'),
    });
  });

  it('uses defaults when no file exists yet, without reporting corruption', async () => {
    const dir = await makeTempDir();
    const onCorrupt = vi.fn();
    const store = await createSettingsStore({
      filePath: join(dir, SETTINGS_FILE_NAME),
      defaults: defaultSettings(dir),
      onCorrupt,
    });
    expect(store.get()).toEqual(defaultSettings(dir));
    expect(onCorrupt).not.toHaveBeenCalled();
  });

  it('persists changes and reads them back in a new store (a new run)', async () => {
    const dir = await makeTempDir();
    const filePath = join(dir, 'nested', SETTINGS_FILE_NAME);
    const first = await createSettingsStore({ filePath, defaults: defaultSettings(dir) });
    await first.setApiBaseUrl('https://api.dailytea.app/');
    await first.setExportFolder(join(dir, 'exports'));

    const second = await createSettingsStore({ filePath, defaults: defaultSettings(dir) });
    expect(second.get()).toEqual({
      apiBaseUrl: 'https://api.dailytea.app',
      exportFolder: join(dir, 'exports'),
    });
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toEqual(second.get());
  });

  it('keeps the last of two quick writes on disk', async () => {
    const dir = await makeTempDir();
    const filePath = join(dir, SETTINGS_FILE_NAME);
    const store = await createSettingsStore({ filePath, defaults: defaultSettings(dir) });
    await Promise.all([
      store.setApiBaseUrl('http://localhost:1111'),
      store.setApiBaseUrl('http://localhost:2222'),
    ]);
    expect(JSON.parse(await readFile(filePath, 'utf8')).apiBaseUrl).toBe('http://localhost:2222');
  });

  it('falls back to defaults when the file is not JSON', async () => {
    const dir = await makeTempDir();
    const filePath = join(dir, SETTINGS_FILE_NAME);
    await writeFile(filePath, '{"apiBaseUrl": "http://127.0.0.1:9', 'utf8');
    const onCorrupt = vi.fn();
    const store = await createSettingsStore({ filePath, defaults: defaultSettings(dir), onCorrupt });
    expect(store.get()).toEqual(defaultSettings(dir));
    expect(onCorrupt).toHaveBeenCalledOnce();
  });

  it('falls back to defaults when the file holds a non-object', async () => {
    const dir = await makeTempDir();
    const filePath = join(dir, SETTINGS_FILE_NAME);
    await writeFile(filePath, '[1,2,3]', 'utf8');
    const store = await createSettingsStore({ filePath, defaults: defaultSettings(dir) });
    expect(store.get()).toEqual(defaultSettings(dir));
  });

  it('keeps valid fields and defaults invalid ones', async () => {
    const dir = await makeTempDir();
    const filePath = join(dir, SETTINGS_FILE_NAME);
    await writeFile(
      filePath,
      JSON.stringify({ apiBaseUrl: 'javascript:alert(1)', exportFolder: join(dir, 'kept') }),
      'utf8',
    );
    const onCorrupt = vi.fn();
    const store = await createSettingsStore({ filePath, defaults: defaultSettings(dir), onCorrupt });
    expect(store.get()).toEqual({ apiBaseUrl: DEFAULT_API_BASE_URL, exportFolder: join(dir, 'kept') });
    expect(onCorrupt).toHaveBeenCalledOnce();

    await writeFile(
      filePath,
      JSON.stringify({ apiBaseUrl: 'https://ok.example', exportFolder: 'relative/path' }),
      'utf8',
    );
    const again = await createSettingsStore({ filePath, defaults: defaultSettings(dir) });
    expect(again.get()).toEqual({
      apiBaseUrl: 'https://ok.example',
      exportFolder: defaultSettings(dir).exportFolder,
    });
  });

  it('refuses an unusable API URL and leaves the stored value alone', async () => {
    const dir = await makeTempDir();
    const filePath = join(dir, SETTINGS_FILE_NAME);
    const store = await createSettingsStore({ filePath, defaults: defaultSettings(dir) });
    await expect(store.setApiBaseUrl('http://192.168.1.4:8787')).rejects.toThrow(/https/);
    await expect(store.setExportFolder('not/absolute')).rejects.toThrow(/absolute/);
    expect(store.get()).toEqual(defaultSettings(dir));
  });
});
