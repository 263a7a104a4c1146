// The named types of the API reference are exactly the types the zod schemas infer.
import { describe, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import {
  ActionSchema,
  OptionsSchema,
  StateSchema,
  ViewSchema,
  type Action,
  type Options,
  type State,
  type View,
} from "@rules/age-of-steam-exp";

describe("types are z.infer of the schemas", () => {
  it("State, View, Options and Action", () => {
    expectTypeOf<State>().toEqualTypeOf<z.infer<typeof StateSchema>>();
    expectTypeOf<View>().toEqualTypeOf<z.infer<typeof ViewSchema>>();
    expectTypeOf<Options>().toEqualTypeOf<z.infer<typeof OptionsSchema>>();
    expectTypeOf<Action>().toEqualTypeOf<z.infer<typeof ActionSchema>>();
  });
});
