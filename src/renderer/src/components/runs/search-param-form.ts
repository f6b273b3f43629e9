// The start form's search parameters as typed, turned into the contract's partial
// parameters, and the contract's error messages turned back into one message per field.
// Vue's v-model gives a number input's value as a number, or '' once the field is emptied.
import {
  SEARCH_PARAM_DEFAULTS,
  SEARCH_PARAM_FIELDS,
  type NumericSearchParam,
  type SearchParams,
} from '../../../../shared/search-params';

export type FieldValue = number | string;

export type SearchParamInput = Record<NumericSearchParam, FieldValue> & {
  stability: SearchParams['stability'];
};

/** method.md's defaults; the threshold empty, meaning the bundle's own. */
export function defaultSearchInput(): SearchParamInput {
  const input = { stability: SEARCH_PARAM_DEFAULTS.stability } as SearchParamInput;
  for (const field of SEARCH_PARAM_FIELDS) {
    input[field.key] = field.key === 'threshold' ? '' : String(SEARCH_PARAM_DEFAULTS[field.key]);
  }
  return input;
}

/** A filled-in number field's value; undefined for an empty one. */
export function fieldNumber(value: FieldValue): number | undefined {
  const text = String(value).trim();
  return text === '' ? undefined : Number(text);
}

/** Only what is filled in; the core fills the rest (and names what is out of range). */
export function searchParamsFrom(input: SearchParamInput): Partial<SearchParams> {
  const params: Partial<SearchParams> = { stability: input.stability };
  for (const field of SEARCH_PARAM_FIELDS) {
    const value = fieldNumber(input[field.key]);
    if (value !== undefined) params[field.key] = value;
  }
  return params;
}

/**
 * "…: beamWidth: Too small: expected number to be >=1; tauConf: …" → one message per field
 * named in it (the contract's and the core's errors both name fields this way).
 */
export function fieldErrors(message: string, fields: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const part of message.split(';')) {
    for (const field of fields) {
      const match = new RegExp(`(?:^|\\s|\\.)${field}: (.+)$`).exec(part.trim());
      if (match?.[1]) errors[field] = match[1].trim();
    }
  }
  return errors;
}
