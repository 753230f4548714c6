/** See reused-read.mjs. */
export declare class ReusedRead {
  /** The bytes of the file at `path`, valid until the next call. */
  read(path: string): Buffer;
}
