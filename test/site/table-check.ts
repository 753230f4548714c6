import { parse } from 'csv-parse/sync';

/** The parts of a Table Schema field this check reads. */
export interface FieldDescriptor {
  name: string;
  type: string;
  constraints?: {
    required?: boolean;
    unique?: boolean;
    pattern?: string;
    enum?: string[];
    minimum?: number;
    maximum?: number;
  };
}

export interface TableDescriptor {
  fields: FieldDescriptor[];
  missingValues: string[];
  primaryKey: string[];
}

export type Cell = string | number | boolean | null;

/** Lexical forms of the Table Schema types used here (https://datapackage.org/standard/table-schema/#field-types). */
const LEXICAL: Record<string, RegExp> = {
  integer: /^-?[0-9]+$/,
  number: /^-?[0-9]+(\.[0-9]+)?$/,
  year: /^[0-9]{4}$/,
  boolean: /^(true|false)$/,
};

function physical(field: FieldDescriptor, text: string): Cell {
  if (field.type === 'integer' || field.type === 'number' || field.type === 'year') return Number(text);
  if (field.type === 'boolean') return text === 'true';
  return text;
}

/**
 * Reads a CSV as its Table Schema describes it and lists every violation: header,
 * lexical form of each type, missing values, the field constraints, primary key
 * uniqueness. A small stand-in for `frictionless validate`, which is not installable here.
 */
export interface TableRead {
  count: number;
  /** Every codice_istat seen (for the foreign keys). */
  codes: Set<string>;
  /** The rows `keep` selected, typed. */
  rows: Record<string, Cell>[];
  errors: string[];
}

export function readTable(
  csv: string,
  schema: TableDescriptor,
  keep: (row: Record<string, Cell>) => boolean = () => false,
): TableRead {
  const errors: string[] = [];
  const records = parse(csv, { bom: false, relax_column_count: false }) as string[][];
  const header = records.shift() ?? [];
  const names = schema.fields.map((f) => f.name);
  if (header.join() !== names.join()) errors.push(`header ${header.join()} ≠ fields ${names.join()}`);
  const rows: Record<string, Cell>[] = [];
  const keys = new Set<string>();
  const codes = new Set<string>();
  const uniques = new Map(schema.fields.filter((f) => f.constraints?.unique).map((f) => [f.name, new Set<string>()]));
  const report = (line: number, message: string) => errors.length < 20 && errors.push(`riga ${line + 2}: ${message}`);
  records.forEach((record, line) => {
    const row: Record<string, Cell> = {};
    schema.fields.forEach((field, i) => {
      const text = record[i] ?? '';
      const c = field.constraints ?? {};
      if (schema.missingValues.includes(text)) {
        row[field.name] = null;
        if (c.required) report(line, `${field.name} obbligatorio ma vuoto`);
        return;
      }
      const lexical = LEXICAL[field.type];
      if (lexical && !lexical.test(text)) return report(line, `${field.name}="${text}" non è un ${field.type}`);
      const value = physical(field, text);
      row[field.name] = value;
      if (c.pattern && !new RegExp(`^(?:${c.pattern})$`).test(text))
        report(line, `${field.name}="${text}" non rispetta ${c.pattern}`);
      if (c.enum && !c.enum.includes(text)) report(line, `${field.name}="${text}" fuori da ${c.enum.join('|')}`);
      if (c.minimum !== undefined && typeof value === 'number' && value < c.minimum)
        report(line, `${field.name}=${value} < ${c.minimum}`);
      if (c.maximum !== undefined && typeof value === 'number' && value > c.maximum)
        report(line, `${field.name}=${value} > ${c.maximum}`);
      const seen = uniques.get(field.name);
      if (seen) {
        if (seen.has(text)) report(line, `${field.name}="${text}" ripetuto`);
        seen.add(text);
      }
    });
    // Primary key fields are implicitly required (Table Schema, "primaryKey").
    if (schema.primaryKey.some((k) => row[k] === null || row[k] === undefined))
      report(line, `chiave primaria incompleta`);
    const key = schema.primaryKey.map((k) => String(row[k])).join('|');
    if (keys.has(key)) report(line, `chiave primaria ${key} ripetuta`);
    keys.add(key);
    // A foreign key relates only filled cells: the crosswalk leaves codice_istat empty for a ceased comune without a successor.
    if (row.codice_istat != null) codes.add(String(row.codice_istat));
    if (keep(row)) rows.push(row);
  });
  return { count: records.length, codes, rows, errors };
}
