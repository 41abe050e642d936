-- Writing the kernel sources: one .cu per group of variants (the spec's
-- kernel.files axes) and GPU target, plus the shared device header.

local dtypes = require "fusegen.dtypes"
local cg = require "fusegen.codegen"
local variants_mod = require "fusegen.variants"
local stages_mod = require "fusegen.stages"
local text = require "fusegen.text"

local function mapping_of(spec) return require("fusegen.mapping_" .. spec.kernel.mapping) end

local M = {}

local function describe(spec, v)
  local parts = {}
  for _, a in ipairs(spec.axes) do parts[#parts + 1] = a.name .. "=" .. tostring(v[a.name]) end
  return spec.op .. ": " .. table.concat(parts, " ")
end

-- Everything a kernel template and its stages see: what every mapping shares,
-- then what the spec's mapping adds (its plan m, guards, helpers).
function M.kernel_env(spec, v, tuning)
  local tensors = variants_mod.tensor_types(spec, v)
  -- the stage instances that run in this variant, per level, each with its arguments
  local stages = {}
  for _, level in ipairs(mapping_of(spec).STAGE_LEVELS) do
    stages[level.name] = stages_mod.for_variant(spec, v, tensors, level.name)
  end
  local env = {
    spec = spec, v = v, cg = cg, dtypes = dtypes,
    tensors = tensors,
    stages = stages,
    describe = describe(spec, v),
    -- FG_ARCH_NAME(x) is x_sm<target>: one source, a symbol per target
    kernel_name = "FG_ARCH_NAME(fg_" .. v.base .. ")",
    launcher_name = "FG_ARCH_NAME(fg__launch_" .. v.base .. ")",
    params_type = "fg_" .. spec.op .. "_params",
    shared = {}, -- what one stage tells the next (table stages: cos_of, sin_of)
    c_float = function(x) return stages_mod.c_number(x, "f32") end, -- a number as a C float literal
    -- whether a stage computes in this phase (the rows mapping's phases:
    -- pointers, issue, use, or all; the heads mapping has none)
    computes = function(phase) return phase == nil or phase == "use" or phase == "all" end,
  }
  return mapping_of(spec).kernel_env(spec, v, tuning, env)
end

-- One .cu per group of variants (the spec's kernel.files axes), compiled once
-- per GPU target with -DFG_SM=<target>. A kernel whose text is the same for
-- every target is written once; one whose tile parameters differ by target is
-- written per target under #if FG_SM == ... ; a GPU model's own kernel (its
-- base ends in the model's name) under #if FG_SM == <its target>.
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
      "// generated from " .. text.comment(spec.file) .. " by fusegen: do not edit\n",
      "// " .. spec.op .. ": " .. text.comment(spec.summary) .. "\n",
      "// Compiled once per GPU target with -DFG_SM=<target> (80 for sm_80); kernel\n",
      "// and launcher names end in _sm<target>.\n",
      "#include \"fusegen_device.cuh\"\n#include \"fusegen_params.h\"\n",
      "#ifndef FG_SM\n#error \"compile with -DFG_SM=<target>, as generated/sources.ninja does\"\n#endif\n",
    }
    -- the file opens with the list of its kernels and the mapping's reading guide
    local list_at = #parts + 1
    parts[list_at] = ""
    if render.has("kernel/" .. spec.kernel.mapping .. "_guide.cu.tpl") then
      parts[#parts + 1] = "\n" .. render.render("kernel/" .. spec.kernel.mapping .. "_guide.cu.tpl", {})
    end
    local listed = {}
    for _, base in ipairs(f.bases) do
      local texts, archs, tuned, same, ms = {}, {}, {}, true, {}
      for _, v in ipairs(f.by_base[base]) do
        local layer = tuning_for(v)
        tuned[#tuned + 1] = layer and not v.candidate and next(layer.params) ~= nil and layer.path or false
        local env = M.kernel_env(spec, v, layer)
        local ok, text = pcall(render.render, "kernel/" .. spec.kernel.mapping .. ".cu.tpl", env)
        if not ok then error(tostring(text) .. "\n  (while generating " .. v.name .. " of " .. spec.path .. ")", 0) end
        v.mapping = env.m
        ms[#ms + 1] = env.m
        if #texts == 0 then listed[#listed + 1] = v end
        texts[#texts + 1] = text
        archs[#archs + 1] = v.arch
        if text ~= texts[1] then same = false end
      end
      if f.by_base[base][1].candidate then
        -- a tuning build's candidate: its register and stack use, so that the
        -- tuner leaves out one that spills (the build lets it compile); with a
        -- second kernel (the mapping's m.second_kernels: a short or lean
        -- form) or instances (the rows mapping's m.instances: FULL or not),
        -- the local memory of the one that uses more
        for i, text in ipairs(texts) do
          local instances = ms[i].instances or { "" }
          local lines = { ("\nextern \"C\" cudaError_t FG_ARCH_NAME(fg__attributes_%s)(cudaFuncAttributes* a)\n{"):format(base),
            ("  cudaError_t err = cudaFuncGetAttributes(a, FG_ARCH_NAME(fg_%s)%s);"):format(base, instances[1]) }
          local others = {}  -- { kernel suffix, instance } of each one after the first
          for j = 2, #instances do others[#others + 1] = { "", instances[j] } end
          for _, suffix in ipairs(ms[i].second_kernels or {}) do
            for _, inst in ipairs(instances) do others[#others + 1] = { suffix, inst } end
          end
          for _, other in ipairs(others) do
            lines[#lines + 1] = "  {"
            lines[#lines + 1] = "    cudaFuncAttributes b;"
            lines[#lines + 1] = ("    if (err == cudaSuccess) err = cudaFuncGetAttributes(&b, FG_ARCH_NAME(fg_%s%s)%s);"):format(base, other[1], other[2])
            lines[#lines + 1] = "    if (err == cudaSuccess && b.localSizeBytes > a->localSizeBytes) a->localSizeBytes = b.localSizeBytes;"
            lines[#lines + 1] = "  }"
          end
          lines[#lines + 1] = "  return err;\n}\n"
          texts[i] = text .. table.concat(lines, "\n")
        end
      end
      local model = f.by_base[base][1].model
      if model then
        -- a GPU model's own tiles: one target only
        local v = f.by_base[base][1]
        parts[#parts + 1] = ("\n#if FG_SM == %d  // tile parameters of the GPU model %s (%s)\n%s#endif\n"):format(
          v.arch, model, v.model_path, texts[1])
      elseif same then
        parts[#parts + 1] = "\n" .. texts[1]
      else
        for i, text in ipairs(texts) do
          parts[#parts + 1] = ("\n%s FG_SM == %d  // tile parameters for sm_%d%s\n%s"):format(
            i == 1 and "#if" or "#elif", archs[i], archs[i], tuned[i] and (" (" .. tuned[i] .. ")") or "", text)
        end
        parts[#parts + 1] = "#endif\n"
      end
    end
    parts[list_at] = M.kernel_list(spec, listed)
    files["kernels/" .. file] = table.concat(parts)
  end
  return order
end

-- The list a kernel file opens with, a line per kernel (variant) listed: the
-- values of the axes that the file's name leaves open, and the GPU model
-- whose tiles a model's kernel has.
function M.kernel_list(spec, listed)
  local file_axes = {}
  for _, n in ipairs(spec.kernel.files) do file_axes[n] = true end
  local lines = { "\n// Kernels of this file (variant: the values of its other axes):\n" }
  for _, v in ipairs(listed) do
    local parts = {}
    for _, a in ipairs(spec.axes) do
      if not file_axes[a.name] then parts[#parts + 1] = a.name .. "=" .. tostring(v[a.name]) end
    end
    local what = table.concat(parts, " ")
    if v.model then what = what .. " (tiles of the GPU model " .. v.model .. ")" end
    if v.candidate then what = what .. " (tuning candidate " .. v.candidate .. ")" end
    lines[#lines + 1] = ("//   %s: %s\n"):format(v.base, what)
  end
  return table.concat(lines)
end

function M.device_header(render)
  return "// generated by fusegen: do not edit\n" ..
    render.render("kernel/device.cuh.tpl", { dtypes = dtypes, cg = cg })
end

return M
