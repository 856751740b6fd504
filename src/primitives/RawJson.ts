/**
 * JSON text already serialized, to be spliced into a response or notification as is. Used when
 * one payload goes to many subscribers (it is serialized once, not once per connection), and for
 * traces built in an execution worker (the main thread never parses them).
 */
export class RawJson {
  constructor(readonly text: string) {}
}
