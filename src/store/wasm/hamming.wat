;; Hamming distances between one query code and many row codes (sign bits of vectors), 64 bits at a time.
;; hamming(codes, rows, words, query, out): codes = rows × words 64-bit words; out = rows × u16 distances.
;; signScores(codes, rowIds, n, rowBytes, tables, out): for each listed row, the sum over its code bytes of
;;   tables[(byteIndex << 8) | byte] (f32) — the query's floats against the row's sign bits; out = n × f32.
(module
  (memory (export "memory") 1)
  (func (export "hamming") (param $codes i32) (param $rows i32) (param $words i32) (param $query i32) (param $out i32)
    (local $r i32) (local $w i32) (local $acc i64) (local $p i32) (local $q i32)
    (local.set $p (local.get $codes))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $acc (i64.const 0))
        (local.set $w (i32.const 0))
        (local.set $q (local.get $query))
        (loop $word
          (local.set $acc
            (i64.add (local.get $acc)
              (i64.popcnt (i64.xor (i64.load (local.get $p)) (i64.load (local.get $q))))))
          (local.set $p (i32.add (local.get $p) (i32.const 8)))
          (local.set $q (i32.add (local.get $q) (i32.const 8)))
          (local.set $w (i32.add (local.get $w) (i32.const 1)))
          (br_if $word (i32.lt_u (local.get $w) (local.get $words))))
        (i32.store16
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 1)))
          (i32.wrap_i64 (local.get $acc)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $row))))
  (func (export "signScores") (param $codes i32) (param $rowIds i32) (param $n i32) (param $rowBytes i32) (param $tables i32) (param $out i32)
    (local $k i32) (local $p i32) (local $j i32) (local $acc f32)
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $p
          (i32.add (local.get $codes)
            (i32.mul (i32.load (i32.add (local.get $rowIds) (i32.shl (local.get $k) (i32.const 2)))) (local.get $rowBytes))))
        (local.set $acc (f32.const 0))
        (local.set $j (i32.const 0))
        (loop $byte
          (local.set $acc
            (f32.add (local.get $acc)
              (f32.load
                (i32.add (local.get $tables)
                  (i32.shl
                    (i32.or (i32.shl (local.get $j) (i32.const 8)) (i32.load8_u (i32.add (local.get $p) (local.get $j))))
                    (i32.const 2))))))
          (local.set $j (i32.add (local.get $j) (i32.const 1)))
          (br_if $byte (i32.lt_u (local.get $j) (local.get $rowBytes))))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $k) (i32.const 2))) (local.get $acc))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $row)))))
