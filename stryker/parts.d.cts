/** The types of parts.cjs, for scripts/mutation.ts. */
export declare const PARTS: Record<string, { mutate: string[]; target: number }>;
