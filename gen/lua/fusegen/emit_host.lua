-- Writing the host side: public op prototypes, kernel parameter structs, entry
-- points, dispatch tables, the op catalogue and the Ninja list of generated sources.

local dtypes = require "fusegen.dtypes"
local text = require "fusegen.text"

local M = {}

local function quoted_list(values)
  local out = {}
  for _, v in ipairs(values) do out[#out + 1] = '"' .. tostring(v) .. '"' end
  return table.concat(out, ", ")
end

local function scalar_ctype(op, sc)
  if op.enums[sc.type] then return "fg_" .. sc.type end
  return sc.type == "f32" and "float" or "int64_t"
end

local function prototype_args(op)
  local args = {}
  for _, t in ipairs(op.tensors) do
    args[#args + 1] = (t.access == "in" and "const DLTensor* " or "DLTensor* ") .. t.name
  end
  for _, sc in ipairs(op.scalars) do args[#args + 1] = scalar_ctype(op, sc) .. " " .. sc.name end
  args[#args + 1] = "fg_stream_t stream"
  return table.concat(args, ", ")
end

local function tensor_args(op)
  local out = {}
  for _, t in ipairs(op.tensors) do out[#out + 1] = t.name end
  return table.concat(out, ", ")
end

local function axis_names(op)
  local out = {}
  for _, a in ipairs(op.axes) do out[#out + 1] = a.name end
  return table.concat(out, ", ")
end

-- A doc as the lines of a /* */ comment (after " *"): spec text, written
-- through text.comment so that it stays in the comment.
local function doc_lines(doc)
  local out = {}
  for i, line in ipairs(text.comment_lines(doc)) do out[i] = line == "" and "" or (" " .. line) end
  return out
end

local function tensor_dtype_doc(op, t)
  local a = op.axis_by_name[t.dtype]
  if a then return table.concat(a.values, "/") end
  return t.dtype
end

local function symbols_in(op, expr)
  local seen, out = {}, {}
  for word in expr:gmatch("[%a_][%w_]*") do
    if op.symbol_set[word] and not seen[word] then seen[word] = true; out[#out + 1] = word end
  end
  return out
end

function M.helpers(op)
  local group_index, groups = {}, {}
  for _, t in ipairs(op.tensors) do
    if group_index[t.dtype] == nil then
      local values = op.axis_by_name[t.dtype] and op.axis_by_name[t.dtype].values or { t.dtype }
      local enums = {}
      for _, v in ipairs(values) do enums[#enums + 1] = dtypes.info(v).c_enum end
      groups[#groups + 1] = { name = t.dtype, enums = enums }
      group_index[t.dtype] = #groups - 1
    end
  end
  local sym_index = {}
  for i, s in ipairs(op.symbols) do sym_index[s] = i - 1 end
  return {
    op = op, dtypes = dtypes, groups = groups, group_index = group_index,
    quoted_list = quoted_list, scalar_ctype = scalar_ctype,
    comment = text.comment, c_string = text.c_string, c_format = text.c_format,
    prototype_args = prototype_args, tensor_args = tensor_args, axis_names = axis_names,
    doc_lines = doc_lines, tensor_dtype_doc = tensor_dtype_doc,
    -- Each dim of a tensor as an fg__dim initializer (sym: an index into syms_; -1, a
    -- dim that is always 1); the template writes the dim as the spec has it beside it.
    dim_inits = function(t)
      local out = {}
      for _, d in ipairs(t.parsed_dims) do
        if d.literal then
          out[#out + 1] = "{.sym = -1, .div = 1, .mul = 1, .broadcast = 0, .optional = 0}"
        else
          out[#out + 1] = ("{.sym = %d, .div = %d, .mul = %d, .broadcast = %d, .optional = %d}"):format(
            sym_index[d.sym], d.div, d.mul or 1, d.broadcast and 1 or 0, d.optional and 1 or 0)
        end
      end
      return out
    end,
    constraint_values = function(expr)
      local out = {}
      for _, s in ipairs(symbols_in(op, expr)) do out[#out + 1] = s .. " = %lld" end
      return table.concat(out, ", ")
    end,
    constraint_args = function(expr)
      local out = {}
      for _, s in ipairs(symbols_in(op, expr)) do out[#out + 1] = ", (long long)" .. s end
      return table.concat(out)
    end,
    value_index = function(a, value)
      for j, v in ipairs(a.values) do if v == value then return j - 1 end end
    end,
  }
end

-- Shared enums: every spec that names an enum must give it the same values.
function M.collect_enums(ops)
  local by_name, list = {}, {}
  for _, op in ipairs(ops) do
    local names = {}
    for n in pairs(op.enums) do names[#names + 1] = n end
    table.sort(names)
    for _, n in ipairs(names) do
      local values = op.enums[n]
      local prev = by_name[n]
      if prev then
        if table.concat(prev.values, ",") ~= table.concat(values, ",") then
          error(string.format("%s: field 'enums.%s': expected the same values as in %s (%s), got %s",
            op.path, n, prev.path, table.concat(prev.values, ", "), table.concat(values, ", ")), 0)
        end
      else
        by_name[n] = { name = n, values = values, path = op.path }
        list[#list + 1] = by_name[n]
      end
    end
  end
  table.sort(list, function(a, b) return a.name < b.name end)
  return list
end

local function key_less(a, b)
  for i = 1, #a.key do
    if a.key[i] ~= b.key[i] then return a.key[i] < b.key[i] end
  end
  if a.arch ~= b.arch then return a.arch < b.arch end
  if (a.model_index or 0) ~= (b.model_index or 0) then return (a.model_index or 0) < (b.model_index or 0) end
  return (a.candidate or 0) < (b.candidate or 0) -- a tuning build's candidates, in order
end

-- The runtime's sources (runtime/*.c, *.h), copied so that the output folder
-- builds on its own; headed like every generated file.
local function copy_runtime(runtime, files)
  local c_files = {}
  for _, src in ipairs(runtime) do
    files[src.name] = "/* copied from " .. src.path .. " by fusegen: do not edit */\n" .. src.text
    if src.name:match("%.c$") then
      c_files[#c_files + 1] = { file = src.name, object = src.name:gsub("%.c$", ".o") }
    end
  end
  return c_files
end

local function common_env(ops)
  return {
    ops = ops, enums = M.collect_enums(ops), dtypes = dtypes,
    scalar_ctype = scalar_ctype, prototype_args = prototype_args, doc_lines = doc_lines,
    tensor_dtype_doc = tensor_dtype_doc, axis_names = axis_names, quoted_list = quoted_list,
    comment = text.comment, c_string = text.c_string, py_string = text.py_string,
  }
end

-- The headers, the Python package's sources, the entry points and the
-- runtime's sources: what code of the host compiles against the ops (the spec
-- fuzzer renders only these). Returns the C files to build.
function M.emit_headers(ops, render, files, runtime)
  local common = common_env(ops)
  files["fusegen_ops.h"] = render.render("host/ops.h.tpl", common)
  files["fusegen_params.h"] = render.render("host/params.h.tpl", common)
  files["fusegen_kernels.h"] = render.render("host/kernels.h.tpl", common)
  files["python/fusegen_api.py"] = render.render("host/python_api.py.tpl", common)
  files["python/fusegen_ext.c"] = render.render("host/python_ext.c.tpl", common)
  local c_files = copy_runtime(runtime or {}, files)
  for _, op in ipairs(ops) do
    local name = op.op .. "_entry.c"
    files[name] = render.render("host/entry.c.tpl", M.helpers(op))
    c_files[#c_files + 1] = { file = name, object = op.op .. "_entry.o" }
  end
  return c_files, common
end

function M.emit(ops, render, files, runtime, archs, tune_build, models)
  for _, op in ipairs(ops) do
    op.sorted = {}
    for i, v in ipairs(op.variants) do op.sorted[i] = v end
    table.sort(op.sorted, key_less)
  end
  local c_files, common = M.emit_headers(ops, render, files, runtime)
  common.models = tune_build and {} or models or {}
  files["fusegen_dispatch.c"] = render.render("host/dispatch.c.tpl", common)
  files["fusegen_catalog.c"] = render.render("host/catalog.c.tpl", common)
  c_files[#c_files + 1] = { file = "fusegen_dispatch.c", object = "fusegen_dispatch.o" }
  c_files[#c_files + 1] = { file = "fusegen_catalog.c", object = "fusegen_catalog.o" }
  if tune_build then
    files["fusegen_candidates.c"] = render.render("host/candidates.c.tpl", common)
    c_files[#c_files + 1] = { file = "fusegen_candidates.c", object = "fusegen_candidates.o" }
  end
  local kernel_files, objects = {}, {}
  for _, op in ipairs(ops) do
    local archs, seen = {}, {}
    for _, v in ipairs(op.variants) do
      if not seen[v.arch] then seen[v.arch] = true; archs[#archs + 1] = v.arch end
    end
    for _, f in ipairs(op.kernel_files) do
      for _, arch in ipairs(archs) do
        local obj = "kernels/" .. f:gsub("%.cu$", "") .. "_sm" .. arch .. ".o"
        kernel_files[#kernel_files + 1] = { file = f, object = obj, arch = arch }
      end
    end
  end
  table.sort(c_files, function(a, b) return a.file < b.file end)
  for _, k in ipairs(kernel_files) do objects[#objects + 1] = " $builddir/generated/" .. k.object end
  for _, c in ipairs(c_files) do objects[#objects + 1] = " $builddir/generated/" .. c.object end
  files["sources.ninja"] = render.render("host/sources.ninja.tpl", {
    kernel_files = kernel_files, c_files = c_files, objects = table.concat(objects, " $\n   "),
  })
  -- the drop-in builds: a Makefile and a CMake file for this folder alone
  local arch_list, names = {}, {}
  for _, a in ipairs(archs or {}) do arch_list[#arch_list + 1] = a; names[#names + 1] = "sm_" .. a end
  local build_env = { kernel_files = kernel_files, c_files = c_files, archs = arch_list,
    archs_text = table.concat(names, ", ") }
  files["Makefile"] = render.render("host/Makefile.tpl", build_env)
  files["CMakeLists.txt"] = render.render("host/CMakeLists.txt.tpl", build_env)
end

return M
