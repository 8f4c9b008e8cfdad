// Text with its glossary terms marked: a dotted underline, the meaning on hover (and read out by
// screen readers through the title). The terms and meanings live in format/glossary.ts.
import { glossPieces } from "../format/glossary";

export function Glossed({ text }: { text: string }) {
  return (
    <>
      {glossPieces(text).map((piece, i) =>
        typeof piece === "string" ? (
          piece
        ) : (
          <abbr key={i} className="gloss" title={piece.entry.meaning}>
            {piece.text}
          </abbr>
        ),
      )}
    </>
  );
}
