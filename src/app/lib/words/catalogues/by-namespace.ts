export type Catalogue = Record<string, unknown>;
export type Catalogues = Record<string, Catalogue>;

/** Every JSON file in `locales/<lang>/` is a namespace named after the file. */
export function byNamespace(files: Record<string, Catalogue>): Catalogues {
  const catalogues: Catalogues = {};
  for (const [file, catalogue] of Object.entries(files)) {
    const match = /([\w-]+)\.json$/.exec(file);
    if (match) catalogues[match[1] as string] = catalogue;
  }
  return catalogues;
}
