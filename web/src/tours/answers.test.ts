import { describe, expect, it } from "vitest";
import { decodeAnswers, encodeAnswers, judge, revealedValue, rightChoice, rightOrder, score, type Given } from "./answers";
import type { Question } from "./model";

const numberQ: Question = { kind: "number", ask: "?", metric: "m", reveal: 10, explain: "e", tolerance: 2, unit: "pages" };
const choiceQ: Question = {
  kind: "choice",
  ask: "?",
  metric: "m",
  from: 4,
  reveal: 10,
  explain: "e",
  choices: [{ label: "none", max: 0 }, { label: "some", min: 1, max: 9 }, { label: "many", min: 10 }],
};

describe("tour answers", () => {
  it("a number within tolerance of the simulated value is right, outside it is not", () => {
    expect(judge(numberQ, { kind: "number", value: 12 }, 10).correct).toBe(true);
    expect(judge(numberQ, { kind: "number", value: 12.5 }, 10).correct).toBe(false);
  });

  it("the right choice is the one whose range holds the change since `from`", () => {
    const truth = revealedValue(choiceQ, 17, 12);
    expect(truth).toBe(5);
    expect(rightChoice(choiceQ.kind === "choice" ? choiceQ.choices : [], truth)).toBe(1);
    expect(judge(choiceQ, { kind: "choice", index: 1 }, truth).correct).toBe(true);
    expect(judge(choiceQ, { kind: "choice", index: 2 }, truth).correct).toBe(false);
  });

  it("scores only answered questions", () => {
    const a = judge(numberQ, { kind: "number", value: 10 }, 10);
    const b = judge(numberQ, { kind: "number", value: 0 }, 10);
    expect(score([a, undefined, b])).toEqual({ right: 1, asked: 2 });
  });

  it("answers survive a link round trip, and junk in the link is skipped", () => {
    const given = new Map<number, Given>([
      [3, { kind: "number", value: 12.5 }],
      [1, { kind: "choice", index: 2 }],
    ]);
    const text = encodeAnswers(given);
    expect(text).toBe("1:c2~3:12.5");
    expect(decodeAnswers(text)).toEqual(given);
    expect(decodeAnswers("1:c2~x:y~<script>~4:-3")).toEqual(
      new Map<number, Given>([
        [1, { kind: "choice", index: 2 }],
        [4, { kind: "number", value: -3 }],
      ]),
    );
  });

  it("a click is right when the mark picked is the one the metric names", () => {
    const clickQ: Question = { kind: "click", ask: "?", metric: "victim", reveal: 10, explain: "e", target: "ssd-blockmap" };
    expect(judge(clickQ, { kind: "pick", id: 17 }, 17).correct).toBe(true);
    expect(judge(clickQ, { kind: "pick", id: 16 }, 17).correct).toBe(false);
    expect(judge(clickQ, { kind: "number", value: 17 }, 17).correct).toBe(false);
  });

  it("an order is right when the items are sorted by their simulated values, smallest first", () => {
    const orderQ: Question = { kind: "order", ask: "?", items: [{ label: "a", metric: "x" }, { label: "b", metric: "y" }, { label: "c", metric: "z" }], reveal: 9, explain: "e" };
    expect(rightOrder([30, 10, 20])).toEqual([1, 2, 0]);
    expect(judge(orderQ, { kind: "order", order: [1, 2, 0] }, [30, 10, 20]).correct).toBe(true);
    expect(judge(orderQ, { kind: "order", order: [0, 1, 2] }, [30, 10, 20]).correct).toBe(false);
    expect(judge(orderQ, { kind: "order", order: [1, 2] }, [30, 10, 20]).correct).toBe(false);
  });

  it("picks and orders survive a link round trip", () => {
    const given = new Map<number, Given>([
      [2, { kind: "pick", id: 305 }],
      [5, { kind: "order", order: [2, 0, 1] }],
    ]);
    const text = encodeAnswers(given);
    expect(text).toBe("2:p305~5:o2.0.1");
    expect(decodeAnswers(text)).toEqual(given);
    expect(decodeAnswers("2:p-1~3:o1~4:o1..2")).toEqual(new Map());
  });
});
