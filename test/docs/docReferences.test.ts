/**
 * Docs that stay true: every file, folder, link and anchor the docs name exists, and so does every docs
 * page a comment, help text or test cites. A renamed file or heading fails here until the docs follow.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, brokenDocCitationsOf, brokenReferencesOf, documentationPages, REPOSITORY, sourceFiles } from './docReferences.js';

describe('the docs', () => {
  it('name only files, folders, links and anchors that exist', () => {
    expect(documentationPages().length).toBeGreaterThan(30);
    expect(documentationPages().flatMap((page) => brokenReferencesOf(page))).toEqual([]);
  });

  it('are cited by the code only at pages and anchors that exist', () => {
    expect(sourceFiles().flatMap((file) => brokenDocCitationsOf(file))).toEqual([]);
  });
});

describe('the check of doc references', () => {
  const page = join(REPOSITORY, 'docs', 'guides', 'example.md');

  it('fails on a renamed or missing file named in a code span', () => {
    expect(brokenReferencesOf(page, 'Methods are listed in `src/rpc/allMethods.ts`.\n')).toEqual([]);
    expect(brokenReferencesOf(page, 'Methods are listed in `src/rpc/methodRegistry.ts`.\n')).toEqual([
      'docs/guides/example.md: names `src/rpc/methodRegistry.ts`, which does not exist',
    ]);
    expect(brokenReferencesOf(page, 'The flat state: `execution/FlatStateManager.ts`, `chain/NoSuchStore.ts`.\n')).toEqual([
      'docs/guides/example.md: names `chain/NoSuchStore.ts`, which does not exist',
    ]);
  });

  it('fails on a link to a missing page or heading', () => {
    expect(brokenReferencesOf(page, 'See [forking](forking.md#re-forking) and [flags](../reference/flags.md).\n')).toEqual([]);
    expect(brokenReferencesOf(page, 'See [forking](forking.md#no-such-heading) and [x](gone.md).\n')).toEqual([
      'docs/guides/example.md: link forking.md#no-such-heading has no heading or anchor #no-such-heading',
      'docs/guides/example.md: link gone.md does not exist',
    ]);
  });

  it('leaves code blocks, URLs and paths of other projects alone', () => {
    expect(brokenReferencesOf(page, '```\nsrc/nothing.ts\n```\n`viem/accounts`, `/dev/shm`, [a](https://example.com/x.md), `dist/web/wallet.js`\n')).toEqual(
      [],
    );
  });

  it('fails on a comment citing a missing docs page or anchor', () => {
    const file = join(REPOSITORY, 'src', 'example.ts');
    expect(brokenDocCitationsOf(file, '// see docs/guides/forking.md#state-roots\n')).toEqual([]);
    expect(brokenDocCitationsOf(file, '// see docs/guides/forks.md and README.md#flags\n')).toEqual([
      'src/example.ts: cites docs/guides/forks.md, which does not exist',
      'src/example.ts: cites README.md#flags, which has no heading or anchor #flags',
    ]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Chains from a geth genesis file, and `sequin import`')).toBe('chains-from-a-geth-genesis-file-and-sequin-import');
    expect(anchorOf('Design choices (and why)')).toBe('design-choices-and-why');
  });
});
