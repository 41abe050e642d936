-- Writing the kernel sources: one .cu per group of variants (the spec's
-- kernel.files axes) and GPU target, plus the shared device header.

local dtypes = require "fusegen.dtypes"
local cg = require "fusegen.codegen"
local mapping_heads = require "fusegen.mapping_heads"

local M = {}

local function describe(spec, v)
  local parts = {}
  for _, a in ipairs(spec.axes) do parts[#parts + 1] = a.name .. "=" .. tostring(v[a.name]) end
  return spec.op .. ": " .. table.concat(parts, " ")
end

-- Everything a kernel template and its stages see.
function M.kernel_env(spec, v, tuning)
  local m = mapping_heads.plan(spec, v, tuning)
  local tensors = {}
  for _, t in ipairs(spec.tensors) do
    local dt = spec.axis_by_name[t.dtype] and v[t.dtype] or t.dtype
    tensors[t.name] = { dtype = dt, ctype = dtypes.info(dt).cuda }
  end
  local prologue = {}
  local nr_expr, span_expr
  if not m.full then
    local C = m.C
    if m.half or not m.vec then
      prologue[#prologue + 1] = "const int rhalf = (int)(p.R / 2);  // R is a run-time value in this variant"
    end
    span_expr = m.half and "rhalf" or "(int)p.R"
    if m.vec then
      prologue[#prologue + 1] = ("const int nr = %s / %d;  // rotate chunks (R is a multiple of %d here)"):format(span_expr, C, 2 * C)
      prologue[#prologue + 1] = ("const int np = (%s - (int)p.R) / %d;  // pass chunks"):format(m.D_expr, C)
    else
      prologue[#prologue + 1] = ("const int nr = (%s + %d) / %d;  // rotate chunks, the last one maybe partial"):format(span_expr, C - 1, C)
      prologue[#prologue + 1] = ("const int np = (%s - (int)p.R + %d) / %d;  // pass chunks"):format(m.D_expr, C - 1, C)
    end
    nr_expr = "nr"
  end
  local env = {
    spec = spec, v = v, m = m, cg = cg, dtypes = dtypes,
    tensors = tensors,
    roles = spec.kernel.roles,
    stages = spec.kernel.stages,
    describe = describe(spec, v),
    -- FG_ARCH_NAME(x) is x_sm<target>: one source, a symbol per target
    kernel_name = "FG_ARCH_NAME(fg_" .. v.base .. ")",
    launcher_name = "FG_ARCH_NAME(fg__launch_" .. v.base .. ")",
    params_type = "fg_" .. spec.op .. "_params",
    kernel_prologue = prologue,
    half_offset = m.full and tostring(m.D // 2) or "rhalf",
    shared = {}, -- what one stage tells the next (table stages: cos_of, sin_of)
  }
  -- Head sets: the (input, output, head count) groups the kernel walks over;
  -- one for most ops, q and k for an op that rotates both in one launch.
  local sets = {}
  for i, hs in ipairs(spec.kernel.head_sets or { { input = spec.kernel.roles.input, output = spec.kernel.roles.output, heads = "H" } }) do
    sets[i] = { input = hs.input, output = hs.output, heads = hs.heads, i = i,
      bit = ("%du"):format(1 << spec.tensor_by_name[hs.output].index) }
  end
  env.head_sets = sets
  env.set_names, env.nit_names = {}, {}
  for i, hs in ipairs(sets) do env.set_names[i] = hs.input; env.nit_names[i] = "nit" .. i end
  env.act_ctype = tensors[sets[1].input].ctype
  env.has_pass = m.NP > 0
  -- pick("p.{input}_stride[2]"): that expression for the item's head set
  env.pick = function(template)
    local function fill(hs) return (template:gsub("{(%w+)}", function(k) return tostring(hs[k]) end)) end
    local e = fill(sets[#sets])
    for i = #sets - 1, 1, -1 do e = ("set == %d ? %s : %s"):format(i - 1, fill(sets[i]), e) end
    return #sets == 1 and e or ("(" .. e .. ")")
  end
  env.rotate_guard = function(k)
    return cg.chunk_guard(k, m.L, m.full and m.NR_max or nil, nr_expr, m.NR_max)
  end
  env.pass_guard = function(k)
    return cg.chunk_guard(k, m.L, nil, "np", m.NP * m.L)
  end
  if not m.full and not m.vec then
    env.element_guard = function(j) return ("e + %d < %s"):format(j, span_expr) end
    env.angle_guard = function(j) return ("a + %d < rhalf"):format(j) end
  end
  return env
end

-- One .cu per group of variants (the spec's kernel.files axes), compiled once
-- per GPU target with -DFG_SM=<target>. A kernel whose text is the same for
-- every target is written once; one whose tile parameters differ by target is
-- written per target under #if FG_SM == ... .
function M.emit(spec, variants, render, files, tuning_for)
  local by_file, order = {}, {}
  for _, v in ipairs(variants) do
    local f = by_file[v.file]
    if not f then f = { bases = {}, by_base = {} }; by_file[v.file] = f; order[#order + 1] = v.file end
    if not f.by_base[v.base] then f.by_base[v.base] = {}; f.bases[#f.bases + 1] = v.base end
    table.insert(f.by_base[v.base], v)
  end
  for _, file in ipairs(order) do
    local f = by_file[file]
    local parts = {
      "// generated from " .. spec.path .. " by fusegen: do not edit\n",
      "// " .. spec.op .. ": " .. spec.summary .. "\n",
      "// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel\n",
      "// and launcher names end in _sm<target>.\n",
      "#include \"fusegen_device.cuh\"\n#include \"fusegen_params.h\"\n",
      "#ifndef FG_SM\n#error \"compile with -DFG_SM=<target>, as generated/sources.ninja does\"\n#endif\n",
    }
    for _, base in ipairs(f.bases) do
      local texts, archs, same = {}, {}, true
      for _, v in ipairs(f.by_base[base]) do
        local env = M.kernel_env(spec, v, tuning_for(v))
        local ok, text = pcall(render.render, "kernel/" .. spec.kernel.mapping .. ".cu.tpl", env)
        if not ok then error(tostring(text) .. "\n  (while generating " .. v.name .. " of " .. spec.path .. ")", 0) end
        v.mapping = env.m
        texts[#texts + 1] = text
        archs[#archs + 1] = v.arch
        if text ~= texts[1] then same = false end
      end
      if same then
        parts[#parts + 1] = "\n" .. texts[1]
      else
        for i, text in ipairs(texts) do
          parts[#parts + 1] = ("\n%s FG_SM == %d  // tile parameters for sm_%d\n%s"):format(
            i == 1 and "#if" or "#elif", archs[i], archs[i], text)
        end
        parts[#parts + 1] = "#endif\n"
      end
    end
    files["kernels/" .. file] = table.concat(parts)
  end
  return order
end

function M.device_header(render)
  return "// generated by fusegen: do not edit\n" ..
    render.render("kernel/device.cuh.tpl", { dtypes = dtypes, cg = cg })
end

return M
