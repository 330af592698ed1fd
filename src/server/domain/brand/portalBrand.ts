// The portal serves one brand, stored in `brands` under this code and answered by GET /v1/public/entity-brands
// (docs/operations.md "The brand"). No agency has a brand of its own, so every agency sells under it and it
// is the brand of every policy (docs/pet-policy-record.md "Brand").
export const PORTAL_BRAND_CODE = 'default';
