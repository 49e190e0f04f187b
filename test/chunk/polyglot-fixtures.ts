// A small repository in every table language (and C#), one of each construct per file: the chunker tests assert
// on these files and the CLI test searches them as one mixed-language project. Line numbers are in the comments.
import { src } from "./helpers.ts";

export const POLYGLOT: Readonly<Record<string, string>> = {
  "src/shapes/geometry.py": src(
    '"""Plane geometry helpers."""', //                                  1
    "import math", //                                                    2
    "from dataclasses import dataclass", //                              3
    "", //                                                               4
    "UNIT = 1.0", //                                                     5
    "", //                                                               6
    "", //                                                               7
    "@dataclass", //                                                     8
    "class Circle:", //                                                  9
    '    """A circle by its radius."""', //                              10
    "", //                                                               11
    "    radius: float = UNIT", //                                       12
    "", //                                                               13
    "    def __init__(self, radius: float) -> None:", //                 14
    "        self.radius = radius", //                                   15
    "", //                                                               16
    "    @property", //                                                  17
    "    def area(self) -> float:", //                                   18
    '        """Area enclosed by the circle."""', //                     19
    "        def square(x):", //                                         20
    "            return x * x", //                                       21
    "        return math.pi * square(self.radius)", //                   22
    "", //                                                               23
    "", //                                                               24
    "async def perimeter(shape: Circle,", //                             25
    "                    scale: float = 1.0) -> float:", //             26
    "    '''Length of the outline.'''", //                               27
    "    return 2 * math.pi * shape.radius * scale", //                  28
    "", //                                                               29
    "", //                                                               30
    'if __name__ == "__main__":', //                                     31
    "    print(perimeter(Circle(2.0)))", //                              32
  ),
  "web/cart.ts": src(
    'import { Money } from "./money";', //                               1
    "", //                                                               2
    "/** Largest number of lines a cart accepts. */", //                 3
    "export const MAX_LINES = 50;", //                                   4
    "", //                                                               5
    "/** One product line in a cart. */", //                             6
    "export interface CartLine {", //                                    7
    "  sku: string;", //                                                 8
    "  quantity: number;", //                                            9
    "  describe(): string;", //                                          10
    "}", //                                                              11
    "", //                                                               12
    "export type LineFilter = (line: CartLine) => boolean;", //          13
    "", //                                                               14
    "export enum CartState { Open, CheckedOut }", //                     15
    "", //                                                               16
    "/**", //                                                            17
    " * A shopping cart. See {@link CartLine}.", //                      18
    " */", //                                                            19
    "@Injectable()", //                                                  20
    "export class Cart {", //                                            21
    "  private lines: CartLine[] = [];", //                              22
    "", //                                                               23
    "  constructor(private readonly currency: string) {}", //            24
    "", //                                                               25
    "  /** Adds a line; merges with an existing sku. */", //             26
    "  add(line: CartLine): void {", //                                  27
    "    this.lines.push(line);", //                                     28
    "  }", //                                                            29
    "", //                                                               30
    "  onChange = (state: CartState): void => {", //                     31
    "    console.log(state);", //                                        32
    "  };", //                                                           33
    "}", //                                                              34
    "", //                                                               35
    "export function totalOf(cart: Cart,", //                            36
    "  filter?: LineFilter): Money {", //                                37
    "  const helper = () => 0;", //                                      38
    "  return helper();", //                                             39
    "}", //                                                              40
    "", //                                                               41
    "export const emptyCart = (currency: string): Cart => new Cart(currency);", // 42
    "", //                                                               43
    "namespace Checkout {", //                                           44
    "  export function confirm(cart: Cart): boolean { return true; }", // 45
    "}", //                                                              46
  ),
  "web/Badge.tsx": src(
    'import React from "react";', //                                     1
    "", //                                                               2
    "/** A small label next to a cart icon. */", //                      3
    "export function Badge(props: { count: number }) {", //              4
    "  return <span className=\"badge\">{props.count}</span>;", //       5
    "}", //                                                              6
  ),
  "web/legacy.js": src(
    'const path = require("path");', //                                  1
    "", //                                                               2
    "/** Formats a price for display. */", //                            3
    "function formatPrice(cents) {", //                                  4
    "  return (cents / 100).toFixed(2);", //                             5
    "}", //                                                              6
    "", //                                                               7
    "class Receipt {", //                                                8
    "  constructor(lines) { this.lines = lines; }", //                   9
    "  print() { return this.lines.join('\\n'); }", //                   10
    "}", //                                                              11
    "", //                                                               12
    "module.exports = { formatPrice, Receipt };", //                     13
  ),
  "store/store.go": src(
    "// Package store keeps inventory records.", //                      1
    "package store", //                                                  2
    "", //                                                               3
    'import "errors"', //                                                4
    "", //                                                               5
    "// MaxItems caps one warehouse.", //                                6
    "const MaxItems = 1000", //                                          7
    "", //                                                               8
    'var ErrMissing = errors.New("missing")', //                          9
    "", //                                                               10
    "// Warehouse holds stock by sku.", //                               11
    "// It is not safe for concurrent use.", //                          12
    "type Warehouse struct {", //                                        13
    "\tstock map[string]int", //                                         14
    "}", //                                                              15
    "", //                                                               16
    "// Counter counts things.", //                                      17
    "type Counter interface {", //                                       18
    "\tCount() int", //                                                  19
    "}", //                                                              20
    "", //                                                               21
    "type Sku = string", //                                              22
    "", //                                                               23
    "// Reserve takes n items of sku out of stock.", //                  24
    "func (w *Warehouse) Reserve(sku Sku, n int) error {", //            25
    "\tif w.stock[sku] < n {", //                                        26
    "\t\treturn ErrMissing", //                                          27
    "\t}", //                                                            28
    "\tw.stock[sku] -= n", //                                            29
    "\treturn nil", //                                                   30
    "}", //                                                              31
    "", //                                                               32
    "func NewWarehouse() *Warehouse { return &Warehouse{stock: map[string]int{}} }", // 33
  ),
  "src/main/java/com/acme/Inventory.java": src(
    "package com.acme;", //                                              1
    "", //                                                               2
    "import java.util.Map;", //                                          3
    "", //                                                               4
    "/**", //                                                            5
    " * Tracks stock levels per sku.", //                                6
    " */", //                                                            7
    "@Service", //                                                       8
    "public class Inventory implements Counter {", //                    9
    "    public static final int LIMIT = 500;", //                       10
    "    private Map<String, Integer> levels;", //                       11
    "", //                                                               12
    "    /** Creates an empty inventory. */", //                          13
    "    public Inventory() { }", //                                     14
    "", //                                                               15
    "    @Override", //                                                  16
    "    public int restock(String sku,", //                             17
    "                       int amount) {", //                           18
    "        return levels.merge(sku, amount, Integer::sum);", //        19
    "    }", //                                                          20
    "", //                                                               21
    "    enum Level { LOW, HIGH }", //                                   22
    "}", //                                                              23
    "", //                                                               24
    "interface Counter { int restock(String sku, int amount); }", //     25
    "", //                                                               26
    "record Sku(String code) { }", //                                    27
  ),
  "engine/src/lib.rs": src(
    "use std::collections::HashMap;", //                                 1
    "", //                                                               2
    "/// Upper bound on queued jobs.", //                                3
    "pub const MAX_JOBS: usize = 64;", //                                4
    "", //                                                               5
    "/// A job queue.", //                                               6
    "#[derive(Debug, Default)]", //                                      7
    "pub struct Queue {", //                                             8
    "    jobs: HashMap<u32, String>,", //                                9
    "}", //                                                              10
    "", //                                                               11
    "pub enum Priority { Low, High }", //                                12
    "", //                                                               13
    "/// Something that can run.", //                                    14
    "pub trait Runner {", //                                             15
    "    fn run(&self) -> bool;", //                                     16
    "}", //                                                              17
    "", //                                                               18
    "pub type JobId = u32;", //                                          19
    "", //                                                               20
    "impl Queue {", //                                                   21
    "    /// Enqueues a job and returns its id.", //                      22
    "    pub fn push(&mut self, job: String) -> JobId {", //             23
    "        0", //                                                      24
    "    }", //                                                          25
    "}", //                                                              26
    "", //                                                               27
    "pub mod workers {", //                                              28
    "    pub fn spawn() {}", //                                          29
    "}", //                                                              30
    "", //                                                               31
    "macro_rules! job { ($x:expr) => { $x }; }", //                      32
  ),
  "Billing/Invoice.cs": src(
    "using System;", //                                                  1
    "namespace Billing;", //                                             2
    "", //                                                               3
    "/// <summary>An invoice for one order.</summary>", //               4
    "public class Invoice", //                                           5
    "{", //                                                              6
    "    public decimal Total { get; set; }", //                         7
    "}", //                                                              8
  ),
};
