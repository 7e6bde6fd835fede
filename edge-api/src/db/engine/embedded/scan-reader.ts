import { LibsqlError } from '@libsql/client';
import Libsql from 'libsql';
import type { ScanReader } from '../statements';
import { toLibsqlError } from './errors';
import { bindArgs, toValues, type EngineValue } from './values';

/**
 * A connection of its own for one long read-only scan (the responses export), to close when done: no memory
 * map and a 16 MiB page cache (enough for the users index each page joins), so reading a million rows does not
 * grow the process by the pages it passes (the main connection caches 64 MiB), nor push the
 * hot pages of every request out of the main cache. Each read is its own snapshot (WAL): no writer waits.
 * `retry` waits out SQLITE_BUSY (only while another process recovers the WAL) without blocking.
 */
export function openScanConnection(path: string, retry: <T>(attempt: () => T) => Promise<T>): ScanReader {
  let connection: Libsql.Database;
  try {
    connection = new Libsql(path);
    for (const pragma of ['busy_timeout = 0', 'query_only = 1', 'mmap_size = 0', 'cache_size = -16384']) {
      connection.exec(`PRAGMA ${pragma}`);
    }
  } catch (err) {
    throw toLibsqlError(err);
  }
  const statements = new Map<string, Libsql.Statement>();
  let open = true;
  return {
    readValues: async (sql, args) => {
      if (!open) throw new LibsqlError('The scan is closed', 'CLIENT_CLOSED');
      return retry(() => {
        try {
          let statement = statements.get(sql);
          if (!statement) {
            const prepared = connection.prepare(sql);
            if (!prepared.reader)
              throw new LibsqlError('A scan connection only runs reads', 'SQLITE_READONLY');
            statement = prepared.raw(true);
            statements.set(sql, statement);
          }
          return (statement.all(...bindArgs(args)) as EngineValue[][]).map(toValues);
        } catch (err) {
          throw toLibsqlError(err);
        }
      });
    },
    close: () => {
      if (!open) return;
      open = false;
      statements.clear();
      connection.close();
    },
  };
}
