-- The conditions of a spec (constraints, rule axes, any_when) are copied into
-- the generated entry point as C expressions. This parses one, so that what
-- the validator accepts compiles: integers, words (each an int64_t, or an
-- optional tensor: a pointer, true when given), parentheses and the operators
--   ?:  ||  &&  |  &  == !=  < > <= >=  << >>  + -  * / %  and unary ! - +
-- with C's precedence. A pointer may only be tested (!, &&, ||, the
-- condition of ?:). parse returns nil, or what is wrong.

local M = {}

local OPERATORS = { "&&", "||", "==", "!=", "<=", ">=", "<<", ">>",
  "+", "-", "*", "/", "%", "(", ")", "<", ">", "!", "&", "|", "?", ":" }

-- The tokens of expr: { kind = "int" | "word" | "op", text = ... }, or nil and a problem.
local function tokens(expr)
  local out, i = {}, 1
  while i <= #expr do
    local c = expr:sub(i, i)
    if c:match("%s") then
      i = i + 1
    elseif c:match("%d") then
      local n = expr:match("^%d+", i)
      if n:match("^0%d") then return nil, "the number " .. n .. " has a leading zero (octal in C)" end
      if math.type(tonumber(n)) ~= "integer" then return nil, "the number " .. n .. " does not fit in 64 bits" end
      out[#out + 1] = { kind = "int", text = n }
      i = i + #n
    elseif c:match("[%a_]") then
      local w = expr:match("^[%a_][%w_]*", i)
      out[#out + 1] = { kind = "word", text = w }
      i = i + #w
    elseif expr:sub(i, i + 1) == "--" or expr:sub(i, i + 1) == "++" then
      return nil, "'" .. expr:sub(i, i + 1) .. "' is C's decrement or increment (write - - or + + for two signs)"
    else
      local op
      for _, o in ipairs(OPERATORS) do
        if expr:sub(i, i + #o - 1) == o then op = o; break end
      end
      if not op then return nil, "'" .. c .. "' is not an operator of conditions" .. (c == "=" and " (== compares)" or "") end
      out[#out + 1] = { kind = "op", text = op }
      i = i + #op
    end
  end
  return out
end

-- Binary operators by precedence level, loosest first (after ?:).
local LEVELS = {
  { ["||"] = "any" }, { ["&&"] = "any" }, { ["|"] = "int" }, { ["&"] = "int" },
  { ["=="] = "int", ["!="] = "int" }, { ["<"] = "int", [">"] = "int", ["<="] = "int", [">="] = "int" },
  { ["<<"] = "int", [">>"] = "int" }, { ["+"] = "int", ["-"] = "int" }, { ["*"] = "int", ["/"] = "int", ["%"] = "int" },
}

-- Parse tokens; is_pointer(word) says whether a word is a pointer. Each parse
-- function returns the type of what it read ("int" or "ptr"); errors are raised
-- as { problem = ... } and caught in M.parse.
local function parser(toks, is_pointer)
  local pos = 1
  local function problem(text) error({ problem = text }, 0) end
  local function peek() return toks[pos] end
  local function near() return toks[pos] and ("'" .. toks[pos].text .. "'") or "the end" end
  local function accept(op)
    local t = toks[pos]
    if t and t.kind == "op" and t.text == op then pos = pos + 1; return true end
  end
  local function int_operand(ty, op)
    if ty == "ptr" then problem("a tensor is only tested (with !, && or ||), not an operand of " .. op) end
  end
  local conditional
  local function primary()
    local t = peek()
    if not t then problem("an operand is missing at the end") end
    pos = pos + 1
    if t.kind == "int" then return "int" end
    if t.kind == "word" then return is_pointer(t.text) and "ptr" or "int" end
    if t.text == "(" then
      local ty = conditional()
      if not accept(")") then problem("')' expected before " .. near()) end
      return ty
    end
    pos = pos - 1
    problem("an operand expected before " .. near())
  end
  local function unary()
    for _, op in ipairs { "!", "-", "+" } do
      if accept(op) then
        local ty = unary()
        if op ~= "!" then int_operand(ty, op) end
        return "int"
      end
    end
    return primary()
  end
  local function binary(level)
    if level > #LEVELS then return unary() end
    local ty = binary(level + 1)
    while true do
      local t = peek()
      local kind = t and t.kind == "op" and LEVELS[level][t.text]
      if not kind then return ty end
      pos = pos + 1
      local rhs = binary(level + 1)
      if kind == "int" then int_operand(ty, t.text); int_operand(rhs, t.text) end
      ty = "int"
    end
  end
  conditional = function()
    local ty = binary(1)
    if not accept("?") then return ty end
    local a = conditional()
    if not accept(":") then problem("':' expected before " .. near()) end
    local b = conditional()
    int_operand(a, "?:")
    int_operand(b, "?:")
    return "int"
  end
  return function()
    conditional()
    if pos <= #toks then problem("an operator expected before " .. near()) end
  end
end

-- nil if expr is a condition; otherwise what is wrong with it.
function M.parse(expr, is_pointer)
  local toks, err = tokens(expr)
  if not toks then return err end
  local ok, e = pcall(parser(toks, is_pointer or function() return false end))
  if ok then return nil end
  if type(e) == "table" then return e.problem end
  error(e, 0)
end

return M
