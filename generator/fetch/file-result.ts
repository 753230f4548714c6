/** What became of one declared file in a run: its status, the reason of a failure, the message for the log. */
import type { Selected } from './selection.ts';

export type FileStatus = 'new' | 'updated' | 'unchanged' | 'changed' | 'manual' | 'failed';

export type FailureReason =
  'gone' | 'http' | 'timeout' | 'network' | 'truncated' | 'io' | 'url-changed' | 'shape' | 'zip-member';

export interface FileResult {
  source: string;
  required: boolean;
  /** Relative to the data directory. */
  path: string;
  url: string;
  status: FileStatus;
  /** Explanation for changed / manual / failed files, and notes for the others. */
  message: string;
  reason?: FailureReason;
  sha256?: string;
  bytes?: number;
  /** Whether a file is at `path` after the run (the new one, or the old one kept). */
  inPlace: boolean;
}

export const shortSha = (sha: string) => `${sha.slice(0, 12)}…`;

export function resultBase(item: Selected): Pick<FileResult, 'source' | 'required' | 'path' | 'url'> {
  return { source: item.meta.id, required: item.meta.required, path: item.file.path, url: item.file.url };
}

export function failed(item: Selected, reason: FailureReason, message: string, inPlace: boolean): FileResult {
  return {
    ...resultBase(item),
    status: 'failed',
    reason,
    message: inPlace ? `${message} The file in place is kept.` : message,
    inPlace,
  };
}
