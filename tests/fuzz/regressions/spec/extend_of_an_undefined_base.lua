-- extend() of a name the file never defined (found by fuzz_spec): refused at
-- the line that calls it, not inside the generator
return extend(rope_tune, { op = "rope" })
