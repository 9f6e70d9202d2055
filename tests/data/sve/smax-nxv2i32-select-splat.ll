; LLVM 22 (Debian's clang-22) miscompiles this for AArch64 SVE (-O1 and -O2):
;   clang-22 --target=aarch64-linux-gnu -march=armv8-a+sve -O2 -S smax-nxv2i32-select-splat.ll
; <vscale x 2 x i32> is promoted to i64 containers; the splat of INT_MIN is materialized
; zero-extended (mov z0.d, #0x80000000), the masked load sign-extended (ld1sw), and the
; 64-bit smax/smaxv then takes +2^31 for the inactive lanes: with x = {5, 6}, y = {-100,
; -100}, k = 1 it returns INT_MIN (under qemu-aarch64 -cpu max,sve-max-vq=1) where the
; IR's meaning is max(5, -100, -100, INT_MIN) = 5. Found by the native witness of
; `vecverify vectorize --vla --vf 2` on a smax reduction (docs/scalable.md).
define i32 @f(ptr %x, ptr %y, i64 %k) vscale_range(1,16) {
  %m = call <vscale x 2 x i1> @llvm.get.active.lane.mask.nxv2i1.i64(i64 0, i64 %k)
  %v = call <vscale x 2 x i32> @llvm.masked.load.nxv2i32.p0(ptr align 4 %x, <vscale x 2 x i1> %m, <vscale x 2 x i32> poison)
  %s = select <vscale x 2 x i1> %m, <vscale x 2 x i32> %v, <vscale x 2 x i32> splat (i32 -2147483648)
  %a = load <vscale x 2 x i32>, ptr %y, align 4
  %w = call <vscale x 2 x i32> @llvm.smax.nxv2i32(<vscale x 2 x i32> %a, <vscale x 2 x i32> %s)
  %r = call i32 @llvm.vector.reduce.smax.nxv2i32(<vscale x 2 x i32> %w)
  ret i32 %r
}
declare <vscale x 2 x i1> @llvm.get.active.lane.mask.nxv2i1.i64(i64, i64)
declare <vscale x 2 x i32> @llvm.smax.nxv2i32(<vscale x 2 x i32>, <vscale x 2 x i32>)
declare <vscale x 2 x i32> @llvm.masked.load.nxv2i32.p0(ptr, <vscale x 2 x i1>, <vscale x 2 x i32>)
declare i32 @llvm.vector.reduce.smax.nxv2i32(<vscale x 2 x i32>)
