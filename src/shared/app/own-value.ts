// A record's own value for a key that came from outside (a user's word, a header, a status string).
// `record[key]` would also find what every object inherits: "constructor", "toString", "__proto__"…
// (issue 32: "app for constructor workers" was a 500). The lint rule unbuilt/no-record-lookup-by-string
// sends such lookups here, or to a Map.

export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
