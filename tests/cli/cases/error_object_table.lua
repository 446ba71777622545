local x = 1
error({code=1})
