// zod schemas for every record the spec shows, plus the emulator's documented choices (emulator/README.md).
// Loose objects: unknown fields pass through untouched (the API may add fields). Strict about types: a
// field that is present must have its documented type; null is read as "absent".
//
// The pieces every family's records are made of (provider/families/<family>/records.ts), and the records the
// client itself reads whatever the family: an error body, an accepted mutation, a job, the list envelopes.

import { z } from "zod";

/** An optional field: absent or null reads as undefined; a present value must have the type. */
export const opt = <T extends z.ZodType>(s: T) =>
  s
    .nullable()
    .transform((v) => v ?? undefined)
    .optional();

// One schema of each optional kind, shared by every field that has it (a zod schema is immutable): hundreds of
// fields use these, and a copy each cost the provider process about 3.6 KB apiece.
const STR = opt(z.string());
const NUM = opt(z.number());
const INT = opt(z.number().int());
const BOOL = opt(z.boolean());
const RECORD = opt(z.record(z.string(), z.unknown()));
export const str = () => STR;
export const num = () => NUM;
export const int = () => INT;
export const bool = () => BOOL;
export const record = () => RECORD;

export const ErrorBodySchema = z.looseObject({ message: str(), timestamp: str(), detail: str() });

export const AcceptedSchema = z.looseObject({ jobId: str(), id: str() });
export type Accepted = z.output<typeof AcceptedSchema>;

export const JobSchema = z.looseObject({
  jobId: str(),
  /** Normalised: running | success | error. Any other value counts as running. */
  status: z.string(),
  /** Raw platform status; diagnostic only, never used for decisions. */
  statusCode: int(),
  detail: str(),
  command: str(),
  resourceId: str(),
  created: str(),
});
export type Job = z.output<typeof JobSchema>;

export const PagedEnvelopeSchema = z.looseObject({
  content: z.array(z.unknown()),
  page: int(),
  pageSize: int(),
  totalElements: int(),
  totalPages: int(),
});

/** Pass-through envelope: the collection sits under the platform's own key (checked by the list reader). */
export const PassThroughMetaSchema = z.looseObject({
  count: int(),
  totalElements: int(),
  page: int(),
  currentPage: int(),
  pageSize: int(),
  regionErrors: record(),
});

export const BareArraySchema = z.array(z.unknown());
