;; Hamming distances between one query code and many row codes (sign bits of vectors), 64 bits at a time.
;; hamming(codes, rows, words, query, out): codes = rows × words 64-bit words; out = rows × u16 distances.
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
        (br $row)))))
