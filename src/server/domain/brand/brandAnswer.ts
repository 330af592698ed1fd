import type { Brand } from '../../../api/schemas/session';

// The brand as stored (brands.data, written by the seed or the house set-up) is the older, shorter record;
// SPEC §3 "Fuller brand" is made from it here so a brand stored before the fuller fields existed answers
// them too (docs/operations.md "The brand").
type StoredBrand = Partial<Record<string, unknown>>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

// An absolute URL for a logo file kept as a path under the brand's base URL; an address already absolute
// stays as it is, and a path under an unusable base URL is answered as stored.
function absolute(file: string, baseURL: string): string {
  try {
    return new URL(file, baseURL).href;
  } catch {
    return file;
  }
}

export function brandAnswer(code: string, stored: StoredBrand): Brand {
  const name = text(stored.name) ?? '';
  const legalName = text(stored.legalName) ?? name;
  const baseURL = text(stored.baseURL) ?? '';
  // A brand with one logo answers it for every version, so a client always has an image to show.
  const horizontal =
    text(stored.horizontalLogoFile) ??
    text(stored.signedHorizontalLogoFile) ??
    text(stored.verticalLogoFile) ??
    '';
  const horizontalInverted = text(stored.horizontalLogoInvertedFile) ?? horizontal;
  const signedHorizontal = text(stored.signedHorizontalLogoFile) ?? horizontal;
  const vertical = text(stored.verticalLogoFile) ?? horizontal;
  const showPoweredBy =
    stored.showPoweredBy === true || (stored.showPoweredBy === undefined && stored.poweredBy === true);
  return {
    code,
    name,
    legalName,
    baseURL,
    quoteAppURL: text(stored.quoteAppURL) ?? '',
    poweredBy: showPoweredBy,
    showPoweredBy,
    // "Powered by" names the company behind the brand: the configured name, else its legal name.
    poweredByName: showPoweredBy ? (text(stored.poweredByName) ?? legalName) : null,
    signedHorizontalLogoFile: signedHorizontal,
    horizontalLogoFile: horizontal,
    horizontalLogoInvertedFile: horizontalInverted,
    verticalLogoFile: vertical,
    verticalLogoInvertedFile: text(stored.verticalLogoInvertedFile) ?? vertical,
    signedVerticalLogoFile: text(stored.signedVerticalLogoFile) ?? vertical,
    logos: {
      normal: absolute(horizontal, baseURL),
      inverted: absolute(horizontalInverted, baseURL),
      signed: absolute(signedHorizontal, baseURL),
    },
    catIconFile: text(stored.catIconFile) ?? '',
    dogIconFile: text(stored.dogIconFile) ?? '',
  };
}
