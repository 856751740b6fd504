/**
 * JSON text already serialized, to be spliced into a response or notification as is. Used when
 * one payload goes to many subscribers: it is serialized once, not once per connection.
 */
export class RawJson {
  constructor(readonly text: string) {}
}
