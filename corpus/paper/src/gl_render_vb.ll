; SLP-M paper, gl_render_vb (Figures 11a, 12): four isomorphic statements v[j] = w[j] - k,
; except that the compiler folded lane 3's "w[3] - 0" into "w[3]". Expected: extension
; (w[3] - 0) restores the group.
define void @gl_render_vb(ptr noalias %v, ptr noalias %w, i32 %k) {
  %w0 = load i32, ptr %w, align 4
  %r0 = sub i32 %w0, %k
  store i32 %r0, ptr %v, align 4
  %pw1 = getelementptr inbounds i32, ptr %w, i64 1
  %w1 = load i32, ptr %pw1, align 4
  %r1 = sub i32 %w1, %k
  %pv1 = getelementptr inbounds i32, ptr %v, i64 1
  store i32 %r1, ptr %pv1, align 4
  %pw2 = getelementptr inbounds i32, ptr %w, i64 2
  %w2 = load i32, ptr %pw2, align 4
  %r2 = sub i32 %w2, %k
  %pv2 = getelementptr inbounds i32, ptr %v, i64 2
  store i32 %r2, ptr %pv2, align 4
  %pw3 = getelementptr inbounds i32, ptr %w, i64 3
  %w3 = load i32, ptr %pw3, align 4
  %pv3 = getelementptr inbounds i32, ptr %v, i64 3
  store i32 %w3, ptr %pv3, align 4
  ret void
}
