// What every answerer gets and gives: a pure function from the query (search syntax already
// removed) and what the instance knows about the request to one line of text, or null to decline.

export interface AnswerContext {
  /** The client's address as this instance saw it (the connection's peer: no proxy header). */
  clientAddress: string;
  /** The request's User-Agent header, "" without one. */
  userAgent: string;
  /** The search's language ("en", "de-CH", "all", "auto"): numbers and dates are written in it. */
  language: string;
  now: Date;
}

/** One line of text for the answer box, or null when the query is not this answerer's. */
export type Answerer = (query: string, context: AnswerContext) => string | null;
