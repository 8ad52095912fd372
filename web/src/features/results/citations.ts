/**
 * Study citations ("(Paik 2001; Wang 2010)") are for the sources page, not the result: a result shows the sentence
 * without them and links the sources (/accuracy, "Hairline age"), where each is given in full.
 */
const CITATIONS = /\s*\((?:[A-Z][A-Za-z'-]+(?: et al\.)? \d{4}[a-z]?(?:;\s*)?)+\)/g;

export function withoutCitations(text: string): string {
  return text.replace(CITATIONS, '');
}
