-- Element types: their sizes, CUDA types and DLPack codes.
local M = {}

local TABLE = {
  fp32 = { size = 4, cuda = "float",         dl_code = "kDLFloat",  bits = 32, c_enum = "FG_DTYPE_FP32" },
  fp16 = { size = 2, cuda = "__half",        dl_code = "kDLFloat",  bits = 16, c_enum = "FG_DTYPE_FP16" },
  bf16 = { size = 2, cuda = "__nv_bfloat16", dl_code = "kDLBfloat", bits = 16, c_enum = "FG_DTYPE_BF16" },
  i32  = { size = 4, cuda = "int",           dl_code = "kDLInt",    bits = 32, c_enum = "FG_DTYPE_I32" },
  i64  = { size = 8, cuda = "long long",     dl_code = "kDLInt",    bits = 64, c_enum = "FG_DTYPE_I64" },
  -- float8_e4m3fn (DLPack 1.1 type code 10): written with saturation to +-448,
  -- NaN kept; `max` is the largest finite value a quantising stage scales to
  fp8e4m3 = { size = 1, cuda = "__nv_fp8_e4m3", dl_code = "FG_DL_FLOAT8_E4M3FN", bits = 8, c_enum = "FG_DTYPE_FP8E4M3",
    max = 448, quantised = true },
}
local ORDER = { "fp32", "fp16", "bf16", "fp8e4m3", "i32", "i64" }

function M.info(name) return TABLE[name] end
function M.names() return table.concat(ORDER, ", ") end
function M.float_names() return { "fp32", "fp16", "bf16" } end

return M
