/**
 * A publisher's file that does not have the shape its parser expects. The message says
 * where (line, cell) and what was found; the loader adds the source and the file
 * (SourceFileError), so the build's message names all of them.
 */
export class DataFormatError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'DataFormatError';
  }
}
