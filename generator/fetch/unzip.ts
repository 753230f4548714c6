import { unzipSync } from 'fflate';

export class ZipMemberError extends Error {
  constructor(
    readonly member: string,
    readonly members: string[],
  ) {
    super(`the zip has no member "${member}"; its members are: ${members.length ? members.join(', ') : '(none)'}`);
    this.name = 'ZipMemberError';
  }
}

/** Names of the files in an archive (folders left out). Throws when the bytes are not a readable zip. */
export function listZipMembers(bytes: Uint8Array): string[] {
  const names: string[] = [];
  unzipSync(bytes, {
    filter: (file) => {
      if (!file.name.endsWith('/')) names.push(file.name);
      return false;
    },
  });
  return names;
}

export interface ExtractedMember {
  /** The member's name in the archive: the declared name, or a single member with that base name inside a folder. */
  name: string;
  bytes: Uint8Array;
}

/**
 * Extracts the declared member. An exact name wins; otherwise a single member whose base
 * name equals the declared one (publishers sometimes wrap files in a folder). Throws a
 * ZipMemberError listing the members the archive does have.
 */
export function extractZipMember(bytes: Uint8Array, member: string, members = listZipMembers(bytes)): ExtractedMember {
  let name: string | undefined = members.find((m) => m === member);
  if (name === undefined) {
    const byBase = members.filter((m) => m.split('/').pop() === member);
    if (byBase.length === 1) name = byBase[0];
  }
  if (name === undefined) throw new ZipMemberError(member, members);
  const wanted = name;
  const files = unzipSync(bytes, { filter: (file) => file.name === wanted });
  const data = files[wanted];
  if (!data) throw new ZipMemberError(member, members);
  return { name: wanted, bytes: data };
}
