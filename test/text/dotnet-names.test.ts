import { describe, expect, test } from "bun:test";
import { declaredDotnetName, spacedOperatorName } from "../../src/text/dotnet-names.ts";

describe("declaredDotnetName", () => {
  test("maps compiled member names to declared ones and leaves every other name alone", () => {
    expect(declaredDotnetName(["Money", "op_GreaterThan"])).toEqual(["Money", "operator >"]);
    expect(declaredDotnetName(["Money", "op_True"])).toEqual(["Money", "operator true"]);
    expect(declaredDotnetName(["Grid", "set_Item"])).toEqual(["Grid", "this[]"]);
    expect(declaredDotnetName(["Finalize"])).toBeUndefined(); // no type to name the finalizer after
    expect(declaredDotnetName(["Money", "op_Unknown"])).toBeUndefined();
    expect(declaredDotnetName(["Money", "op_Implicit"])).toEqual(["Money", "implicit operator"]); // any target type
    expect(declaredDotnetName(["op_Explicit"])).toBeUndefined(); // no type to look in
    expect(declaredDotnetName(["cache", "get_entry"])).toBeUndefined();
    expect(declaredDotnetName(["Account", "Withdraw"])).toBeUndefined();
  });
});

describe("spacedOperatorName", () => {
  test("spells operators the way chunk symbols do", () => {
    expect(spacedOperatorName("Money.operator+")).toBe("Money.operator +");
    expect(spacedOperatorName("Money.operator  <=")).toBe("Money.operator <=");
    expect(spacedOperatorName("Money.implicit   operator decimal")).toBe("Money.implicit operator decimal");
    expect(spacedOperatorName("Money.operatorCount")).toBe("Money.operatorCount");
  });
});
