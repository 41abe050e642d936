-- The names a spec gives (ops, tensors, scalars, enums and their values, axes
-- and their values and prefixes, dim symbols) become C, C++ and Python names
-- in the generated sources. This module holds the rules they follow
-- (docs/spec-format.md, "Names"): spec.lua checks each name where it reads
-- it, and the driver checks, once every spec is loaded, that no two specs and
-- the runtime give one C name two meanings. Errors name the spec, the field
-- and the rule.

local dtypes = require "fusegen.dtypes"

local M = {}

local function set_of(words)
  local s = {}
  for w in words:gmatch("%S+") do s[w] = true end
  return s
end

-- Keywords of C11 and C23 (and the macros of <stdbool.h>, <stdalign.h>,
-- <stdnoreturn.h>, <assert.h>, <threads.h> and <complex.h> that spell them),
-- of C++ up to C++23, and the GNU asm and typeof.
local KEYWORDS = set_of [[
  auto break case char const continue default do double else enum extern float for goto if
  inline int long register restrict return short signed sizeof static struct switch typedef
  union unsigned void volatile while
  bool true false alignas alignof noreturn static_assert thread_local complex imaginary
  constexpr nullptr typeof typeof_unqual asm
  and and_eq bitand bitor catch char8_t char16_t char32_t class compl concept const_cast
  consteval constinit co_await co_return co_yield decltype delete dynamic_cast explicit
  export friend mutable namespace new noexcept not not_eq operator or or_eq private
  protected public reinterpret_cast requires static_cast template this throw try typeid
  typename using virtual wchar_t xor xor_eq
]]

-- Python's keywords: an op is a function of the Python package. (A tensor or
-- scalar so named is <name>_ in the package's functions.)
local PYTHON_KEYWORDS = set_of [[
  and as assert async await break class continue def del elif else except finally for from
  global if import in is lambda nonlocal not or pass raise return try while with yield
  False None True
]]

-- Lower-case object-like macros of the C library headers and GNU C modes:
-- a tensor or scalar of that name would be replaced by the preprocessor.
local LOWER_MACROS = set_of "errno math_errhandling stdin stdout stderr linux unix i386"

-- Type names of C and CUDA that an argument would hide (every name ending in
-- _t is matched by a pattern: int64_t, size_t, and POSIX reserves them all).
local TYPES = set_of "dim3 half half2 nv_bfloat16 nv_bfloat162 va_list"
local VECTOR_BASES = set_of "char uchar short ushort int uint long ulong longlong ulonglong float double"
local function is_cuda_vector_type(n) -- float4, int2, ...
  local base = n:match("^(%l+)[1-4]$")
  return base ~= nil and VECTOR_BASES[base] ~= nil
end

-- What the generated entry point and parameter struct name themselves:
-- the stream argument, the rule word aligned16, the struct's own fields.
local ARGUMENT_WORDS = set_of "stream aligned16 inplace index32"

-- Dim symbols become locals of the entry point and fields of the parameter
-- struct, read by the kernels as p.<symbol>. They have no underscore (the C
-- and CUDA headers' macro names nearly all have one); these are the
-- underscore-free object-like macros of the headers the generated sources
-- include, and VEC, a word of the rule conditions.
local SYMBOL_MACROS = set_of [[
  VEC NULL EOF NAN INFINITY MAXFLOAT NZERO BUFSIZ NFDBITS CUDARTAPI
  SNAN SNANF SNANL SNANF32 SNANF64 SNANF32X SNANF64X
  WNOHANG WUNTRACED WSTOPPED WEXITED WCONTINUED WNOWAIT
]]

-- Fields the generator keeps in each variant, beside the axis values
-- (variants.lua, driver.lua, emit_kernels.lua): no axis may take their name.
local VARIANT_FIELDS = set_of "arch name base file key mapping candidate variant candidate_layer candidate_params candidate_tiles"

local function fail(path, field, rule, got)
  require("fusegen.spec").fail(path, field, rule, got)
end

-- [a-z][a-z0-9_]*, no "__" (reserved in C++), no trailing "_" (names are
-- joined with "_": x_ would give x__stride), not starting with fg_ (the
-- generator's own names, which --prefix renames).
local function lower_problem(n)
  if type(n) ~= "string" or not n:match("^[a-z][a-z0-9_]*$") then return "a lower-case identifier ([a-z][a-z0-9_]*)" end
  if n:find("__", 1, true) then return "a name without a double underscore (reserved in C++)" end
  if n:sub(-1) == "_" then return "a name that does not end in _ (generated names join it to others with _)" end
  if n:sub(1, 3) == "fg_" then return "a name that does not start with fg_ (the generator's own names do)" end
end

function M.check_lower(path, field, n)
  local problem = lower_problem(n)
  if problem then fail(path, field, problem, n) end
end

-- A name that is a word of its own: an op, a tensor, a scalar, an enum, an axis.
local function check_word(path, field, n, what)
  M.check_lower(path, field, n)
  if KEYWORDS[n] then
    fail(path, field, what .. " that is not a keyword of C or C++", n)
  end
end

function M.check_op(path, field, n)
  check_word(path, field, n, "an op name")
  if PYTHON_KEYWORDS[n] then fail(path, field, "an op name that is not a keyword of Python (fusegen.<op> is a function)", n) end
end

-- A variant's name is <op>_<its first axis's value>_...: no "_"-separated
-- word of the op's name may be the first word of a value of its first axis as
-- names write it, so that any variant name splits into op and variant at the
-- first such word ("rope_qk_bf16_..." is rope_qk's, not rope's).
function M.check_op_split(path, op, axis)
  local words = {}
  for w in op:gmatch("[^_]+") do words[w] = true end
  for _, v in ipairs(axis.values) do
    local first = ((axis.prefix or "") .. tostring(v)):match("^[^_]+")
    if words[first] then
      fail(path, "op", ("an op name without the word %q, which starts variant names (a value of its first axis, %s), " ..
        "so that a variant name splits into op and variant there"):format(first, axis.name), op)
    end
  end
end

function M.check_enum(path, field, n)
  check_word(path, field, n, "an enum name")
  if n == "f32" or n == "i64" then fail(path, field, "an enum name other than the scalar types f32 and i64", n) end
end

function M.check_axis(path, field, n)
  check_word(path, field, n, "an axis name")
  if VARIANT_FIELDS[n] then
    fail(path, field, "an axis name that is not a field the generator keeps in each variant (arch, name, base, file, key, mapping, candidate, variant)", n)
  end
  if dtypes.info(n) then fail(path, field, "an axis name that is not a dtype (" .. dtypes.names() .. ")", n) end
end

-- Tensors and scalars: arguments of the entry point, fields of the parameter
-- struct (with <tensor>_stride), names in the C header.
function M.check_argument(path, field, n)
  check_word(path, field, n, "an argument name")
  if LOWER_MACROS[n] then fail(path, field, "an argument name that is not a macro of the C library (" .. n .. ")", n) end
  if n:match("_t$") or TYPES[n] or is_cuda_vector_type(n) then
    fail(path, field, "an argument name that is not a C or CUDA type name (nor ends in _t)", n)
  end
  if ARGUMENT_WORDS[n] or n:match("_stride$") then
    fail(path, field, "an argument name the generated code does not use itself (stream, aligned16, inplace, index32, <tensor>_stride)", n)
  end
end

-- An axis value: a lower-case name (it is part of variant and kernel names,
-- and of the key's error messages) or an integer from 0.
function M.is_value(v)
  return (math.type(v) == "integer" and v >= 0) or lower_problem(v) == nil
end

-- An axis prefix: put before each value in variant names (rope_..._d128_...).
function M.check_prefix(path, field, p)
  if type(p) ~= "string" or not p:match("^[a-z0-9_]*$") or p:sub(1, 1) == "_" or p:find("__", 1, true) then
    fail(path, field, "a short lower-case prefix for variant names ([a-z0-9_]*, not starting with _, no double underscore)", p)
  end
end

function M.check_symbol(path, field, sym, dim)
  if not sym:match("^[A-Z][A-Z0-9]*$") then
    fail(path, field, "a dim symbol of capital letters and digits ([A-Z][A-Z0-9]*, no underscore: the C and CUDA headers' macros have one)", dim)
  end
  if SYMBOL_MACROS[sym] then
    fail(path, field, "a dim symbol that is not VEC (a word of rule conditions) nor a macro of the C and CUDA headers (" .. sym .. ")", dim)
  end
end

-- ---- names across specs -------------------------------------------------------

-- Strip C comments and string and character literals, so that only code is left.
local function code_of(text)
  local out, i, n = {}, 1, #text
  while i <= n do
    local s = text:find("[/\"']", i)
    if not s then out[#out + 1] = text:sub(i); break end
    out[#out + 1] = text:sub(i, s - 1)
    local c, c2 = text:sub(s, s), text:sub(s, s + 1)
    if c2 == "/*" then
      local e = text:find("*/", s + 2, true)
      out[#out + 1] = " "
      i = e and e + 2 or n + 1
    elseif c2 == "//" then
      i = text:find("\n", s + 2, true) or n + 1
    elseif c == "/" then
      out[#out + 1] = "/"
      i = s + 1
    else -- a string or character literal, to its closing quote
      local j = s + 1
      while j <= n do
        local d = text:sub(j, j)
        if d == c or d == "\n" then break end
        j = j + (d == "\\" and 2 or 1)
      end
      out[#out + 1] = " "
      i = j + 1
    end
  end
  return table.concat(out)
end

-- The fg_ and FG_ names the runtime's sources use (outside comments and literals).
function M.runtime_names(runtime)
  local names = {}
  for _, src in ipairs(runtime or {}) do
    for w in code_of(src.text):gmatch("[%a_][%w_]*") do
      if w:sub(1, 3) == "fg_" or w:sub(1, 3) == "FG_" then names[w] = true end
    end
  end
  return names
end

-- The C names (and kernel files) a spec gives: each with what it is, the
-- spec field that chose it and that field's value.
local function names_of(op)
  local out = {}
  local function add(name, what, field, got) out[#out + 1] = { name = name, what = what, field = field, got = got } end
  add("fg_" .. op.op, "the entry point of op " .. op.op, "op", op.op)
  add("fg_" .. op.op .. "_params", "the parameter struct of op " .. op.op, "op", op.op)
  for _, suffix in ipairs { "_sig", "_kernels", "_kernel_count" } do
    add("fg__" .. op.op .. suffix, "a table of op " .. op.op, "op", op.op)
  end
  local enums = {}
  for n in pairs(op.enums) do enums[#enums + 1] = n end
  table.sort(enums)
  for _, n in ipairs(enums) do
    -- specs share an enum by name (emit_host checks that its values agree)
    add("fg_" .. n, "enum " .. n, "enums." .. n, n)
    for i, v in ipairs(op.enums[n]) do
      add(("FG_%s_%s"):format(n:upper(), v:upper()), "a value of enum " .. n, ("enums.%s[%d]"):format(n, i), v)
    end
  end
  local files = {}
  for _, op_axis in ipairs(op.kernel.files) do files[op_axis] = true end
  for _, v in ipairs(op.variants or {}) do
    local key, file_key = {}, {}
    for i, a in ipairs(op.axes) do
      key[i] = tostring(v[a.name])
      if files[a.name] then file_key[#file_key + 1] = key[i] end
    end
    add(v.name, ("the variant %s of op %s"):format(table.concat(key, ","), op.op), "axes", v.name)
    add("kernels/" .. v.file, ("the kernel file of %s of op %s"):format(table.concat(file_key, ","), op.op), "kernel.files", v.file)
  end
  return out
end

-- No C name means two things: the runtime's, and those of every spec.
-- ops: in the order read (the later spec is the one refused).
function M.check_unique(ops, runtime_names)
  local owner = {}
  for _, op in ipairs(ops) do
    for _, e in ipairs(names_of(op)) do
      local prev = owner[e.name]
      if runtime_names[e.name] then
        fail(op.path, e.field, "a name whose generated C names are free: " .. e.name .. " is the runtime's", e.got)
      elseif prev and prev.what ~= e.what then
        fail(op.path, e.field, ("a name whose generated C names are free: %s is also %s (%s)"):format(e.name, prev.what, prev.path), e.got)
      end
      owner[e.name] = prev or { what = e.what, path = op.path }
    end
  end
end

return M
